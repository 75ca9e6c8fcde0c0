import { createStore, type EIP6963ProviderDetail, type Store } from 'mipd'
import type { Subject } from 'rxjs'
import type { EIP1193Provider } from 'viem'
import { type Connector, KitError, type PluginEventInput } from '../../kernel/index.js'

/** The legacy `window.ethereum` connector's id. */
export const INJECTED_CONNECTOR_ID = 'injected'

/** Wallets found in the page: EIP-6963 announcements and the legacy injected provider. @internal */
export interface Eip6963Discovery {
  /** The connectors to list now. */
  listConnectors(): Connector[]
  /** The provider (and announcement) behind a connector id. @throws CONNECTOR_NOT_FOUND */
  providerOf(connectorId: string): { provider: EIP1193Provider; detail?: EIP6963ProviderDetail }
  /** Stops listening for announcements. */
  destroy(): void
}

/**
 * Listens for EIP-6963 wallets through mipd (deduplicated by rdns) and lists the legacy
 * `window.ethereum` only when no announced wallet is that same provider. Small and free of the
 * chain library, so it runs at start while the rest of the plugin loads on first use.
 * @internal
 */
export function createEip6963Discovery(events$: Subject<PluginEventInput>): Eip6963Discovery {
  // EIP-6963 discovery needs a window; on a server there is nothing to discover.
  const browser = (globalThis as { window?: { ethereum?: EIP1193Provider } }).window
  const store: Store | null = browser ? createStore() : null
  const announced = () => {
    const byRdns = new Map<string, EIP6963ProviderDetail>()
    // Later announcements of the same wallet (same rdns) replace earlier ones.
    for (const detail of store?.getProviders() ?? []) byRdns.set(detail.info.rdns, detail)
    return byRdns
  }
  const toConnector = (detail: EIP6963ProviderDetail): Connector => ({
    id: detail.info.rdns,
    name: detail.info.name,
    type: 'ANNOUNCED',
    chain: 'eip155',
    rdns: detail.info.rdns,
    imageUrl: detail.info.icon,
  })
  const legacy = (): EIP1193Provider | undefined => {
    const injected = browser?.ethereum
    if (!injected) return undefined
    // The legacy provider is listed only when no announced wallet is that same provider.
    for (const detail of announced().values()) if (detail.provider === injected) return undefined
    return injected
  }
  const listConnectors = (): Connector[] => [
    ...[...announced().values()].map(toConnector),
    ...(legacy()
      ? [
          {
            id: INJECTED_CONNECTOR_ID,
            name: 'Browser Wallet',
            type: 'INJECTED' as const,
            chain: 'eip155',
          },
        ]
      : []),
  ]
  const unsubscribeStore = store?.subscribe((_details, change) => {
    const added = change && 'added' in change ? change.added : undefined
    if (!added?.length) return
    events$.next({
      type: 'connectors/discovered',
      payload: { namespace: 'eip155', connectors: added.map(toConnector) },
    })
    if (legacy() === undefined) {
      events$.next({
        type: 'connectors/removed',
        payload: { namespace: 'eip155', ids: [INJECTED_CONNECTOR_ID] },
      })
    }
  })

  const providerOf = (
    connectorId: string,
  ): { provider: EIP1193Provider; detail?: EIP6963ProviderDetail } => {
    const detail = announced().get(connectorId)
    if (detail) return { provider: detail.provider, detail }
    const injected = connectorId === INJECTED_CONNECTOR_ID ? legacy() : undefined
    if (injected) return { provider: injected }
    throw new KitError('CONNECTOR_NOT_FOUND', { details: `No eip155 wallet "${connectorId}".` })
  }
  return {
    listConnectors,
    providerOf,
    destroy: () => {
      unsubscribeStore?.()
      store?.destroy()
    },
  }
}
