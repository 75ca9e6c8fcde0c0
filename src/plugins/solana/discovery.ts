import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import type { SchedulerLike, Subject } from 'rxjs'
import {
  type Connector,
  createCoalescer,
  KitError,
  type PluginEventInput,
  toPlainText,
  toSafeImageUrl,
} from '../../kernel/index.js'

/** The legacy injected provider's connector id (`window.phantom.solana` or `window.solana`). */
export const SOLANA_INJECTED_CONNECTOR_ID = 'injected'

/**
 * The legacy provider API wallets inject (`window.solana`, `window.phantom.solana`), as far as the
 * plugin uses it. Everything on it is untrusted.
 * @internal
 */
export interface LegacySolanaProvider {
  readonly publicKey?: { toBase58(): string } | null
  connect(options?: { onlyIfTrusted?: boolean }): Promise<unknown>
  disconnect(): Promise<void>
  signMessage?(message: Uint8Array, display?: 'utf8'): Promise<unknown>
  signTransaction?(transaction: unknown): Promise<unknown>
  signAndSendTransaction?(transaction: unknown): Promise<unknown>
  on?(event: string, listener: (...args: unknown[]) => void): void
  off?(event: string, listener: (...args: unknown[]) => void): void
  removeListener?(event: string, listener: (...args: unknown[]) => void): void
}

/** A wallet behind a connector id. @internal */
export type SolanaWalletHandle =
  | { readonly kind: 'standard'; readonly wallet: Wallet; readonly connector: Connector }
  | {
      readonly kind: 'legacy'
      readonly provider: LegacySolanaProvider
      readonly connector: Connector
    }

/** Wallets found in the page: Wallet Standard registrations and a legacy provider. @internal */
export interface SolanaDiscovery {
  listConnectors(): Connector[]
  /** @throws CONNECTOR_NOT_FOUND */
  walletOf(connectorId: string): SolanaWalletHandle
  /** Resolves when a wallet with this id registers (a silent reconnect racing a late wallet). */
  whenRegistered(connectorId: string, signal: AbortSignal): Promise<void>
  destroy(): void
}

/** The registry outside a page: no wallet registers there. */
const NO_WALLETS: Pick<ReturnType<typeof getWallets>, 'get' | 'on'> = {
  get: () => [],
  on: () => () => undefined,
}

/** Flags legacy providers set, and the name their Wallet Standard registration uses. */
const LEGACY_NAMES: readonly (readonly [string, string])[] = [
  ['isPhantom', 'Phantom'],
  ['isSolflare', 'Solflare'],
  ['isBackpack', 'Backpack'],
  ['isGlow', 'Glow'],
]

/**
 * The connector for a Wallet Standard wallet, or `undefined` when it is not a Solana wallet that
 * can connect or any of its fields is malformed. Each field is read on its own: a wallet whose
 * getter throws, or whose name is markup, cannot stop the kit or reach the page unclean.
 * @internal
 */
export function toStandardConnector(wallet: Wallet): Connector | undefined {
  try {
    const chains: unknown = wallet.chains
    const features: unknown = wallet.features
    if (
      !Array.isArray(chains) ||
      !chains.some((chain) => typeof chain === 'string' && chain.startsWith('solana:'))
    )
      return undefined
    if (typeof features !== 'object' || features === null) return undefined
    const connect = (features as Record<string, { connect?: unknown } | undefined>)[
      'standard:connect'
    ]
    if (typeof connect?.connect !== 'function') return undefined
    const name = typeof wallet.name === 'string' ? toPlainText(wallet.name) : ''
    if (!name || name === SOLANA_INJECTED_CONNECTOR_ID) return undefined
    const imageUrl = typeof wallet.icon === 'string' ? toSafeImageUrl(wallet.icon) : undefined
    return {
      id: name,
      name,
      type: 'ANNOUNCED',
      namespace: 'solana',
      ...(imageUrl ? { imageUrl } : {}),
    }
  } catch {
    return undefined
  }
}

function legacyName(provider: LegacySolanaProvider): string {
  for (const [flag, name] of LEGACY_NAMES) {
    if ((provider as unknown as Record<string, unknown>)[flag] === true) return name
  }
  return 'Browser Wallet'
}

/**
 * Listens for Wallet Standard wallets (`@wallet-standard/app`; registered before or after the kit
 * starts) and lists the legacy injected provider only when no Wallet Standard wallet carries its
 * name (Phantom registers both ways). Small and free of web3.js, so it runs at start.
 * @internal
 */
export function createSolanaDiscovery(
  events$: Subject<PluginEventInput>,
  scheduler: SchedulerLike,
): SolanaDiscovery {
  // Wallet Standard discovery needs a page; on a server there is nothing to discover, and
  // `getWallets()` there would keep a registry that never hears a wallet for the process's life.
  const registry = typeof window === 'undefined' ? NO_WALLETS : getWallets()
  const page = (globalThis as unknown as { window?: Record<string, unknown> }).window
  const waiters = new Map<string, Set<() => void>>()
  // Each wallet is read once, when it registers, and each id keeps its owner: registering the
  // n-th wallet costs what registering the first did (2,000 registrations re-read every wallet
  // on each one before, quadratic in the page's wallets).
  const connectorOf = new WeakMap<Wallet, Connector | undefined>()
  const owners = new Map<string, { wallet: Wallet; connector: Connector }>()
  const read = (wallet: Wallet) => {
    if (!connectorOf.has(wallet)) connectorOf.set(wallet, toStandardConnector(wallet))
    return connectorOf.get(wallet)
  }
  /** The wallet's connector when it now owns its id; the first registration of a name keeps it. */
  const own = (wallet: Wallet): Connector | undefined => {
    const connector = read(wallet)
    if (!connector || owners.has(connector.id)) return undefined
    owners.set(connector.id, { wallet, connector })
    return connector
  }
  for (const wallet of registry.get()) own(wallet)

  const legacy = (): { provider: LegacySolanaProvider; connector: Connector } | undefined => {
    const phantom = (page?.phantom as { solana?: unknown } | undefined)?.solana
    const candidate = phantom ?? page?.solana
    if (typeof candidate !== 'object' || candidate === null) return undefined
    if (typeof (candidate as LegacySolanaProvider).connect !== 'function') return undefined
    const provider = candidate as LegacySolanaProvider
    const name = legacyName(provider)
    if (owners.has(name)) return undefined
    return {
      provider,
      connector: { id: SOLANA_INJECTED_CONNECTOR_ID, name, type: 'INJECTED', namespace: 'solana' },
    }
  }
  const listConnectors = () => [
    ...[...owners.values()].map((entry) => entry.connector),
    ...(legacy() ? [legacy()!.connector] : []),
  ]

  // Registrations are reported in batches on the kit's scheduler: every report copies the
  // connector list once, so 2,000 wallets registering one by one would cost 2,000 copies of a
  // growing list. The first after a quiet interval is reported on the next tick.
  let unreported: Connector[] = []
  const report = createCoalescer(scheduler, () => {
    const added = unreported.filter(
      (connector) => owners.get(connector.id)?.connector === connector,
    )
    unreported = []
    if (added.length === 0) return
    events$.next({
      type: 'connectors/discovered',
      payload: { namespace: 'solana', connectors: added },
    })
    if (!legacy()) {
      events$.next({
        type: 'connectors/removed',
        payload: { namespace: 'solana', ids: [SOLANA_INJECTED_CONNECTOR_ID] },
      })
    }
  })
  const offRegister = registry.on('register', (...wallets) => {
    // Only wallets that now own their id: a second wallet of a known name stays unlisted.
    const added = wallets.flatMap((wallet) => own(wallet) ?? [])
    if (added.length === 0) return
    unreported.push(...added)
    report.request()
    // A silent reconnect waiting for its wallet goes on at once; the listing can follow.
    for (const connector of added) for (const wake of waiters.get(connector.id) ?? []) wake()
  })
  const offUnregister = registry.on('unregister', (...wallets) => {
    const gone: string[] = []
    for (const wallet of wallets) {
      const connector = connectorOf.get(wallet)
      if (!connector || owners.get(connector.id)?.wallet !== wallet) continue
      owners.delete(connector.id)
      // A later wallet of the same name, unlisted while the owner was there, takes the id over.
      const heir = registry.get().find((other) => read(other)?.id === connector.id)
      const inherited = heir && own(heir)
      if (inherited) {
        unreported.push(inherited)
        report.request()
      } else gone.push(connector.id)
    }
    if (gone.length > 0)
      events$.next({ type: 'connectors/removed', payload: { namespace: 'solana', ids: gone } })
  })

  return {
    listConnectors,
    walletOf: (connectorId) => {
      const found = owners.get(connectorId)
      if (found) return { kind: 'standard', ...found }
      const injected = connectorId === SOLANA_INJECTED_CONNECTOR_ID ? legacy() : undefined
      if (injected) return { kind: 'legacy', ...injected }
      throw new KitError('CONNECTOR_NOT_FOUND', { details: `No solana wallet "${connectorId}".` })
    },
    whenRegistered: (connectorId, signal) =>
      new Promise<void>((resolve, reject) => {
        if (owners.has(connectorId)) return resolve()
        if (signal.aborted) return reject(signal.reason)
        const set = waiters.get(connectorId) ?? new Set()
        const done = () => {
          set.delete(done)
          signal.removeEventListener('abort', aborted)
          resolve()
        }
        const aborted = () => {
          set.delete(done)
          reject(signal.reason)
        }
        set.add(done)
        waiters.set(connectorId, set)
        signal.addEventListener('abort', aborted, { once: true })
      }),
    destroy: () => {
      report.cancel()
      offRegister()
      offUnregister()
    },
  }
}
