import type { SchedulerLike, Subject } from 'rxjs'
import type { EIP1193Provider } from 'viem'
import {
  type Connector,
  createCoalescer,
  KitError,
  type PluginEventInput,
} from '../../kernel/index.js'
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
export function createEip6963Discovery(
  events$: Subject<PluginEventInput>,
  scheduler: SchedulerLike,
): Eip6963Discovery {
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

  // Announcements are reported in batches on the kit's scheduler: every report copies the
  // connector list once, so thousands of announcements one by one would cost a copy each of a
  // growing list. The first after a quiet interval is reported on the next tick.
  let unreported: AnnouncedWallet[] = []
  let legacyListed = false
  const report = createCoalescer(scheduler, () => {
    const added = unreported
    unreported = []
    if (added.length === 0) return
    events$.next({
      type: 'connectors/discovered',
      payload: { namespace: 'eip155', connectors: added.map(toConnector) },
    })
    if (legacyListed && legacy() === undefined) {
      legacyListed = false
      events$.next({
        type: 'connectors/removed',
        payload: { namespace: 'eip155', ids: [INJECTED_CONNECTOR_ID] },
      })
    }
  })
  const onAnnounce = (event: Event) => {
    const wallet = toAnnouncedWallet((event as CustomEvent<unknown>).detail)
    if (!wallet || wallets.has(wallet.rdns)) return
    wallets.set(wallet.rdns, wallet)
    // Announcements answering the first request arrive synchronously, before the kit lists the
    // connectors; only later ones are news.
    if (!isStarted) return
    unreported.push(wallet)
    report.request()
  }
  page?.addEventListener('eip6963:announceProvider', onAnnounce)
  page?.dispatchEvent(new Event('eip6963:requestProvider'))
  isStarted = true
  legacyListed = legacy() !== undefined

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
    destroy: () => {
      report.cancel()
      page?.removeEventListener('eip6963:announceProvider', onAnnounce)
    },
  }
}
