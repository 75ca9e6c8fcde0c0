import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import type { Subject } from 'rxjs'
import {
  type Connector,
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
export function createSolanaDiscovery(events$: Subject<PluginEventInput>): SolanaDiscovery {
  const registry = getWallets()
  const page = (globalThis as unknown as { window?: Record<string, unknown> }).window
  const waiters = new Map<string, Set<() => void>>()

  const standard = () => {
    const byId = new Map<string, { wallet: Wallet; connector: Connector }>()
    for (const wallet of registry.get()) {
      const connector = toStandardConnector(wallet)
      // The first registration of a name keeps it: a later one cannot take over its id.
      if (connector && !byId.has(connector.id)) byId.set(connector.id, { wallet, connector })
    }
    return byId
  }
  const legacy = (): { provider: LegacySolanaProvider; connector: Connector } | undefined => {
    const phantom = (page?.phantom as { solana?: unknown } | undefined)?.solana
    const candidate = phantom ?? page?.solana
    if (typeof candidate !== 'object' || candidate === null) return undefined
    if (typeof (candidate as LegacySolanaProvider).connect !== 'function') return undefined
    const provider = candidate as LegacySolanaProvider
    const name = legacyName(provider)
    if (standard().has(name)) return undefined
    return {
      provider,
      connector: { id: SOLANA_INJECTED_CONNECTOR_ID, name, type: 'INJECTED', namespace: 'solana' },
    }
  }
  const listConnectors = () => [
    ...[...standard().values()].map((entry) => entry.connector),
    ...(legacy() ? [legacy()!.connector] : []),
  ]

  const offRegister = registry.on('register', (...wallets) => {
    const known = standard()
    // Only wallets that now own their id: a second wallet of a known name stays unlisted.
    const added = wallets.flatMap((wallet) => {
      const connector = toStandardConnector(wallet)
      return connector && known.get(connector.id)?.wallet === wallet ? [connector] : []
    })
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
    for (const connector of added) for (const wake of waiters.get(connector.id) ?? []) wake()
  })
  const offUnregister = registry.on('unregister', (...wallets) => {
    const still = standard()
    const ids = wallets
      .map(toStandardConnector)
      .flatMap((connector) => (connector && !still.has(connector.id) ? [connector.id] : []))
    if (ids.length > 0)
      events$.next({ type: 'connectors/removed', payload: { namespace: 'solana', ids } })
  })

  return {
    listConnectors,
    walletOf: (connectorId) => {
      const found = standard().get(connectorId)
      if (found) return { kind: 'standard', ...found }
      const injected = connectorId === SOLANA_INJECTED_CONNECTOR_ID ? legacy() : undefined
      if (injected) return { kind: 'legacy', ...injected }
      throw new KitError('CONNECTOR_NOT_FOUND', { details: `No solana wallet "${connectorId}".` })
    },
    whenRegistered: (connectorId, signal) =>
      new Promise<void>((resolve, reject) => {
        if (standard().has(connectorId)) return resolve()
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
      offRegister()
      offUnregister()
    },
  }
}
