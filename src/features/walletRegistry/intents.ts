import { type FeatureIntentContext, LIMITS } from '../../kernel/index.js'
import { selectRegistryState } from './selectors.js'

/** `kit.features.walletRegistry.*`: page through and search the registry (AllWallets). */
export interface WalletRegistryIntents {
  /** Asks for the next page of 40 wallets, when the registry has one and none is on its way. */
  loadMore(): void
  /** Filters AllWallets by name; the registry is searched once typing pauses (up to 100 results). */
  search(query: string): void
}

/**
 * The registry intents.
 * @internal
 */
export function createWalletRegistryIntents(context: FeatureIntentContext): WalletRegistryIntents {
  return {
    loadMore: () => {
      const registry = selectRegistryState(context.getState())
      if (
        registry?.status !== 'ready' ||
        registry.loadingPage !== null ||
        registry.pages * LIMITS.walletPageSize >= registry.count
      ) {
        return
      }
      context.append({
        type: 'walletRegistry/requested',
        payload: { kind: 'page', page: registry.pages + 1 },
        correlationId: context.env.ids.next(),
      })
    },
    search: (query) => {
      const trimmed = query.trim().slice(0, 100)
      if (trimmed === selectRegistryState(context.getState())?.query) return
      context.append({ type: 'walletRegistry/searchChanged', payload: { query: trimmed } })
    },
  }
}
