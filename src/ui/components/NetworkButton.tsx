'use client'
import { isStructurallyEqual, selectActiveNetwork } from '../../kernel/index.js'
import { useUi } from '../KitProvider.js'
import { BUTTON_CSS } from '../theme/styles.js'
import { useKit } from '../useKit.js'
import { NetworkIcon } from './NetworkIcon.js'

/**
 * The drop-in network button: shows the active network, with its icon, and opens the network list.
 * @example
 * import { NetworkButton } from '@gangway/kit/react'
 * export const Header = () => <NetworkButton />
 */
export function NetworkButton() {
  const { kit, locale, dir, t } = useUi()
  const network = useKit((state) => {
    const active = selectActiveNetwork(state)
    if (!active) return null
    const descriptor = active.descriptor
    return {
      id: active.id,
      name: descriptor?.name ?? active.id,
      namespace: descriptor?.namespace ?? active.id.split(':')[0]!,
      currency: descriptor?.nativeCurrency.symbol,
      iconUrl: descriptor?.iconUrl,
    }
  }, isStructurallyEqual)
  const name = network?.name ?? null
  return (
    <>
      <style>{BUTTON_CSS}</style>
      <button
        type="button"
        className="gangway-button"
        data-gangway="network-button"
        lang={locale.tag}
        dir={dir}
        aria-label={name ? t('account.network', { network: name }) : t('networks.button')}
        onClick={() => kit.open('Networks')}
      >
        {network ? <NetworkIcon network={network} size={20} /> : null}
        <span className="gangway-network-name">{name ?? t('networks.button')}</span>
      </button>
    </>
  )
}
