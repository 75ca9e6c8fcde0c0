import {
  BUILT_IN_WALLETS,
  type ConnectorListItem,
  isRegistryWalletListed,
  type KitState,
  LIMITS,
  type RegistryWallet,
  selectListedConnectors,
  selectWalletConnectNamespace,
  shadowedBy,
} from '../../kernel/index.js'
import { initialWalletRegistryState, type WalletRegistryState } from './slice.js'

/**
 * The registry feature's slice, once it has loaded in this kit.
 * @example
 * import { selectRegistryState } from '@gangway/kit/wallet-registry'
 * selectRegistryState(kit.getState())?.status // 'ready'
 */
export function selectRegistryState(state: KitState): WalletRegistryState | undefined {
  return state.walletRegistry
}

/** The registry's pages received so far, in order; the built-in list until one arrived. */
function pagesOf(registry: WalletRegistryState): readonly RegistryWallet[] {
  if (registry.status !== 'ready') return BUILT_IN_WALLETS
  return registry.pageIds.flatMap((id) => {
    const wallet = registry.wallets[id]
    return wallet ? [wallet] : []
  })
}

/** The AllWallets list: what to show, and whether the registry has more pages. */
export interface AllWalletsList {
  /** Announced and plugin connectors first, then registry (or built-in) wallets. */
  readonly items: readonly ConnectorListItem[]
  /** The registry has pages beyond those received (`kit.features.walletRegistry.loadMore()` asks for the next). */
  readonly canLoadMore: boolean
  /** The search text the list is filtered by; empty when not searching. */
  readonly query: string
}

/**
 * The AllWallets list (§9): every listed connector, then the registry's pages of 40 (the built-in
 * list without a registry), each wallet once (an announced wallet wins over its registry entry),
 * include and exclude ids applied. While searching, names matching the visitor's text, with the
 * registry's search answer once it arrived, at most 100.
 * @example
 * import { selectAllWallets } from '@gangway/kit/wallet-registry'
 * selectAllWallets(kit.getState()).items.length
 * @param state - the kit state.
 * @returns the list.
 */
export function selectAllWallets(state: KitState): AllWalletsList {
  const registry = selectRegistryState(state) ?? initialWalletRegistryState()
  const query = registry.query
  const needle = query.toLowerCase()
  const matches = (name: string) => !needle || name.toLowerCase().includes(needle)
  const connectors = selectListedConnectors(state)
  const items: ConnectorListItem[] = connectors
    .filter((connector) => matches(connector.name))
    .map((connector) => ({ kind: 'connector', connector }))
  const namespace = selectWalletConnectNamespace(state)
  if (namespace) {
    const isShadowed = shadowedBy(connectors)
    const answered = query && registry.search?.query === query ? registry.search.ids : null
    const wallets = answered
      ? answered.flatMap((id) => {
          const wallet = registry.wallets[id]
          return wallet && isRegistryWalletListed(state, wallet) ? [wallet] : []
        })
      : pagesOf(registry)
          .filter((wallet) => isRegistryWalletListed(state, wallet))
          .filter((wallet) => matches(wallet.name))
    const seen = new Set<string>()
    for (const wallet of wallets) {
      if (isShadowed(wallet) || seen.has(wallet.id)) continue
      seen.add(wallet.id)
      items.push({ kind: 'registry', wallet, namespace })
    }
  }
  return {
    items: query ? items.slice(0, LIMITS.walletSearchMaxResults) : items,
    canLoadMore:
      !query &&
      namespace !== null &&
      registry.status === 'ready' &&
      registry.pages * LIMITS.walletPageSize < registry.count,
    query,
  }
}
