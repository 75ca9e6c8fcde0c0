'use client'
import { isStructurallyEqual, selectNetworkGroups, truncateAddress } from '../../kernel/index.js'
import { DisconnectButton } from '../components/DisconnectButton.js'
import { NetworkIcon } from '../components/NetworkIcon.js'
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
  // One network is current: the active family's. Another connected family names its account, so
  // the visitor sees every connected account and which one is in use.
  const active = useKit((state) => state.activeNamespace)
  const accounts = useKit((state) => {
    const out: Record<string, string> = {}
    for (const id of state.namespaces.ids) {
      const account = state.namespaces.entities[id]?.accountState
      if (account?.status === 'connected' && account.address) out[id] = account.address
    }
    return out
  }, isStructurallyEqual)
  return (
    <div>
      <style>{VIEW_CSS}</style>
      {unsupported ? <p role="alert">{t('unsupported.body')}</p> : null}
      {groups.map((group) => (
        <section key={group.namespace} aria-label={familyName(group.namespace)}>
          <h3 className="gw-section">{familyName(group.namespace)}</h3>
          {/* The account sits under the family's name, not in it: the heading names the group. */}
          {accounts[group.namespace] ? (
            <p className="gw-muted">
              <span data-gangway="family-account">
                {truncateAddress(accounts[group.namespace]!)}
              </span>
              {/* With more than one family connected, which account the site is using now. */}
              {group.namespace === active && Object.keys(accounts).length > 1 ? (
                <span data-gangway="family-in-use"> · {t('networks.inUse')}</span>
              ) : null}
            </p>
          ) : null}
          {group.networks.map((network) => {
            const isCurrent = group.namespace === active && network.id === group.current
            return (
              <button
                key={network.id}
                type="button"
                className="gw-button"
                aria-current={isCurrent ? 'true' : undefined}
                onClick={() => {
                  // A family with no wallet yet while another is connected: connect one for this
                  // network first, the account in use stays until then (no switch to nothing).
                  if (group.needsWallet) kit.navigate('Connect', { networkId: network.id })
                  // A failed switch is shown as a snack by the kernel.
                  else kit.switchNetwork(network.id).catch(() => undefined)
                }}
              >
                <NetworkIcon network={{ ...network, namespace: group.namespace }} size={24} />
                <span>{network.name}</span>
                {isCurrent ? <span className="gw-muted"> · {t('networks.current')}</span> : null}
              </button>
            )
          })}
        </section>
      ))}
      {unsupported ? <DisconnectButton /> : null}
    </div>
  )
}
