import type { Draft } from 'immer'
import type { KitEvent } from '../events/types.js'
import type { KitState } from '../state.js'
import { defineSliceReducer } from './defineSliceReducer.js'

function reduceWalletRegistry(draft: Draft<Pick<KitState, 'walletRegistry'>>, event: KitEvent) {
  const registry = draft.walletRegistry
  switch (event.type) {
    case 'walletRegistry/requested': {
      if (event.payload.kind !== 'page') return
      registry.loadingPage = event.payload.page
      if (registry.status !== 'ready' && registry.status !== 'loading') registry.status = 'loading'
      return
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
      return
    }
    case 'walletRegistry/failed': {
      const { kind, page, error } = event.payload
      if (kind !== 'page') return
      if (registry.loadingPage === page) registry.loadingPage = null
      if (registry.status !== 'ready' && error.code !== 'CANCELLED') registry.status = 'unavailable'
      return
    }
    case 'walletRegistry/searchChanged': {
      const query = event.payload.query.trim()
      if (registry.query === query) return
      registry.query = query
      if (registry.search && registry.search.query !== query) registry.search = null
      return
    }
    case 'walletRegistry/walletChosen':
      if (registry.chosenWalletId !== event.payload.walletId)
        registry.chosenWalletId = event.payload.walletId
      return
    default:
      return
  }
}

/**
 * Wallets from the WalletConnect registry: the AllWallets pages in order, every wallet received by
 * id, the search text and the registry's answer to it, and the wallet the visitor picked. A failed
 * first page marks the registry `unavailable`; nothing else of the modal changes (§7, issue #5:
 * the built-in list is shown, no error).
 */
export const walletRegistryReducer = defineSliceReducer({
  keys: ['walletRegistry'],
  handles: [
    'walletRegistry/requested',
    'walletRegistry/succeeded',
    'walletRegistry/failed',
    'walletRegistry/searchChanged',
    'walletRegistry/walletChosen',
  ],
  recipe: reduceWalletRegistry,
})
