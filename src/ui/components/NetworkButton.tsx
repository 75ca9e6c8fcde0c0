'use client'
import { selectActiveNetwork } from '../../kernel/index.js'
import { useUi } from '../KitProvider.js'
import { BUTTON_CSS } from '../theme/styles.js'
import { useKit } from '../useKit.js'

/**
 * The drop-in network button: shows the active network and opens the network list.
 * @example
 * import { NetworkButton } from '@gangway/kit/react'
 * export const Header = () => <NetworkButton />
 */
export function NetworkButton() {
  const { kit, locale, dir, t } = useUi()
  const name = useKit((state) => {
    const network = selectActiveNetwork(state)
    return network?.descriptor?.name ?? network?.id ?? null
  })
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
        <span>{name ?? t('networks.button')}</span>
      </button>
    </>
  )
}
