'use client'
import { isStructurallyEqual, selectNetworkGroups } from '../../kernel/index.js'
import { DisconnectButton } from '../components/DisconnectButton.js'
import { useUi } from '../KitProvider.js'
import { VIEW_CSS } from '../theme/viewStyles.js'
import { useKit } from '../useKit.js'

/** The networks of every namespace, grouped; UnsupportedChain shows the same list. @internal */
export function NetworksView({ view }: { readonly view: string }) {
  const unsupported = view === 'UnsupportedChain'
  const { kit, t } = useUi()
  // A family reads as people call it ("Ethereum", "Solana"); a site's own namespace as it is.
  const familyName = (namespace: string) => {
    const name = t(`namespace.${namespace}`)
    return name === `namespace.${namespace}` ? namespace : name
  }
  const groups = useKit(selectNetworkGroups, isStructurallyEqual)
  return (
    <div>
      <style>{VIEW_CSS}</style>
      {unsupported ? <p role="alert">{t('unsupported.body')}</p> : null}
      {groups.map((group) => (
        <section key={group.namespace} aria-label={familyName(group.namespace)}>
          <h3 className="gw-section">{familyName(group.namespace)}</h3>
          {group.networks.map((network) => (
            <button
              key={network.id}
              type="button"
              className="gw-button"
              aria-current={network.id === group.current ? 'true' : undefined}
              // A failed switch is shown as a snack by the kernel.
              onClick={() => kit.switchNetwork(network.id).catch(() => undefined)}
            >
              <span>{network.name}</span>
              {network.id === group.current ? (
                <span className="gw-muted"> · {t('networks.current')}</span>
              ) : null}
            </button>
          ))}
        </section>
      ))}
      {unsupported ? <DisconnectButton /> : null}
    </div>
  )
}
