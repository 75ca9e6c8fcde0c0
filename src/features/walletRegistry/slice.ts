import type { FeatureSlice, KitEvent, RegistryWallet } from '../../kernel/index.js'

/**
 * Where the wallet registry stands: `idle` before the modal first asks, `loading` while the first
 * page is on its way, `ready` once a page arrived, `unavailable` when the first page failed (the
 * built-in list is shown; nothing is shown to the visitor).
 */
export type WalletRegistryStatus = 'idle' | 'loading' | 'ready' | 'unavailable'

/** Wallets from the WalletConnect registry (§7 `GET /getWallets`), sanitised. */
export interface WalletRegistryState {
  status: WalletRegistryStatus
  /** Every wallet received, by id (pages, featured and searches). */
  wallets: Record<string, RegistryWallet>
  /** The AllWallets list: the pages received so far, in registry order. */
  pageIds: string[]
  /** How many pages of 40 arrived. */
  pages: number
  /** The registry's total for the list. */
  count: number
  /** The page on its way, if any. */
  loadingPage: number | null
  /** The visitor's search text (trimmed); empty when not searching. */
  query: string
  /** The registry's answer to the search, once it arrived. */
  search: { query: string; ids: string[] } | null
}

/** The wallet registry before anything is asked. */
export function initialWalletRegistryState(): WalletRegistryState {
  return {
    status: 'idle',
    wallets: {},
    pageIds: [],
    pages: 0,
    count: 0,
    loadingPage: null,
    query: '',
    search: null,
  }
}

function reduceWalletRegistry(registry: WalletRegistryState, event: KitEvent): undefined {
  switch (event.type) {
    case 'walletRegistry/requested': {
      if (event.payload.kind !== 'page') return
      registry.loadingPage = event.payload.page
      if (registry.status !== 'ready' && registry.status !== 'loading') registry.status = 'loading'
      return undefined
    }
    case 'walletRegistry/succeeded': {
      const { kind, page, query, count, wallets } = event.payload
      for (const wallet of wallets) registry.wallets[wallet.id] = wallet
      const ids = wallets.map((wallet) => wallet.id)
      if (kind === 'page') {
        // Page 1 starts the list afresh (a retry after a failure); later pages extend it.
        const base = page === 1 ? [] : registry.pageIds
        const known = new Set(base)
        registry.pageIds = [...base, ...ids.filter((id) => !known.has(id))]
        registry.pages = page === 1 ? 1 : Math.max(registry.pages, page)
        registry.count = count
        if (registry.loadingPage === page) registry.loadingPage = null
        registry.status = 'ready'
      } else if (kind === 'search' && query !== undefined && query === registry.query) {
        registry.search = { query, ids }
      }
      return undefined
    }
    case 'walletRegistry/failed': {
      const { kind, page, error } = event.payload
      if (kind !== 'page') return
      if (registry.loadingPage === page) registry.loadingPage = null
      if (registry.status !== 'ready' && error.code !== 'CANCELLED') registry.status = 'unavailable'
      return undefined
    }
    case 'walletRegistry/searchChanged': {
      const query = event.payload.query.trim()
      if (registry.query === query) return
      registry.query = query
      if (registry.search && registry.search.query !== query) registry.search = null
      return undefined
    }
    default:
      return undefined
  }
}

/**
 * Wallets from the WalletConnect registry: the AllWallets pages in order, every wallet received by
 * id, and the search text with the registry's answer to it. A failed first page marks the registry
 * `unavailable`; nothing else of the modal changes (§7, issue #5: the built-in list is shown, no
 * error).
 */
export const walletRegistrySlice: FeatureSlice<WalletRegistryState> = {
  initial: () => initialWalletRegistryState(),
  handles: [
    'walletRegistry/requested',
    'walletRegistry/succeeded',
    'walletRegistry/failed',
    'walletRegistry/searchChanged',
  ],
  recipe: reduceWalletRegistry,
}
