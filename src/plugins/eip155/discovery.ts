import type { Subject } from 'rxjs'
import type { EIP1193Provider } from 'viem'
import { type Connector, KitError, type PluginEventInput } from '../../kernel/index.js'
import { type AnnouncedWallet, toAnnouncedWallet } from './announcement.js'

/** The legacy `window.ethereum` connector's id. */
export const INJECTED_CONNECTOR_ID = 'injected'

/** Wallets found in the page: EIP-6963 announcements and the legacy injected provider. @internal */
export interface Eip6963Discovery {
  /** The connectors to list now. */
  listConnectors(): Connector[]
  /** The provider (and announced wallet) behind a connector id. @throws CONNECTOR_NOT_FOUND */
  providerOf(connectorId: string): { provider: EIP1193Provider; wallet?: AnnouncedWallet }
  /** Stops listening for announcements. */
  destroy(): void
}

/** The page's window as discovery uses it: an event target that may carry a legacy provider. */
type DiscoveryWindow = EventTarget & { ethereum?: unknown }

function windowOf(): DiscoveryWindow | undefined {
  const candidate = (globalThis as { window?: unknown }).window
  return typeof (candidate as EventTarget | undefined)?.addEventListener === 'function'
    ? (candidate as DiscoveryWindow)
    : undefined
}

const toConnector = (wallet: AnnouncedWallet): Connector => ({
  id: wallet.rdns,
  name: wallet.name,
  type: 'ANNOUNCED',
  namespace: 'eip155',
  rdns: wallet.rdns,
  ...(wallet.icon ? { imageUrl: wallet.icon } : {}),
})

const INJECTED_CONNECTOR: Connector = Object.freeze({
  id: INJECTED_CONNECTOR_ID,
  name: 'Browser Wallet',
  type: 'INJECTED' as const,
  namespace: 'eip155',
})

/**
 * Listens for EIP-6963 announcements and lists the legacy `window.ethereum` only when no announced
 * wallet is that same provider. Each announcement is validated on its own (`toAnnouncedWallet`):
 * a malformed one is dropped and never reaches the kit, so one broken extension cannot stop it.
 * The first announcement of an rdns is kept; a later one with the same rdns (a second extension,
 * or a script in the page) replaces neither its name nor its provider. Small and free of the
 * chain library, so it runs at start while the rest of the plugin loads on first use.
 * @internal
 */
export function createEip6963Discovery(events$: Subject<PluginEventInput>): Eip6963Discovery {
  // EIP-6963 discovery needs a window; on a server there is nothing to discover.
  const page = windowOf()
  const wallets = new Map<string, AnnouncedWallet>()
  let isStarted = false

  const legacy = (): EIP1193Provider | undefined => {
    let injected: unknown
    try {
      injected = page?.ethereum
    } catch {
      // A throwing getter on window.ethereum is a broken page, not a wallet.
      return undefined
    }
    if (!injected || typeof (injected as { request?: unknown }).request !== 'function')
      return undefined
    // The legacy provider is listed only when no announced wallet is that same provider.
    for (const wallet of wallets.values()) if (wallet.provider === injected) return undefined
    return injected as EIP1193Provider
  }

  const onAnnounce = (event: Event) => {
    const wallet = toAnnouncedWallet((event as CustomEvent<unknown>).detail)
    if (!wallet || wallets.has(wallet.rdns)) return
    const hadLegacy = legacy() !== undefined
    wallets.set(wallet.rdns, wallet)
    // Announcements answering the first request arrive synchronously, before the kit lists the
    // connectors; only later ones are news.
    if (!isStarted) return
    events$.next({
      type: 'connectors/discovered',
      payload: { namespace: 'eip155', connectors: [toConnector(wallet)] },
    })
    if (hadLegacy && legacy() === undefined) {
      events$.next({
        type: 'connectors/removed',
        payload: { namespace: 'eip155', ids: [INJECTED_CONNECTOR_ID] },
      })
    }
  }
  page?.addEventListener('eip6963:announceProvider', onAnnounce)
  page?.dispatchEvent(new Event('eip6963:requestProvider'))
  isStarted = true

  return {
    listConnectors: () => [
      ...[...wallets.values()].map(toConnector),
      ...(legacy() ? [{ ...INJECTED_CONNECTOR }] : []),
    ],
    providerOf: (connectorId) => {
      const wallet = wallets.get(connectorId)
      if (wallet) return { provider: wallet.provider, wallet }
      const injected = connectorId === INJECTED_CONNECTOR_ID ? legacy() : undefined
      if (injected) return { provider: injected }
      throw new KitError('CONNECTOR_NOT_FOUND', { details: `No eip155 wallet "${connectorId}".` })
    },
    destroy: () => page?.removeEventListener('eip6963:announceProvider', onAnnounce),
  }
}
