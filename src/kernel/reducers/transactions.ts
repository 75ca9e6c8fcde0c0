import type { Draft } from 'immer'
import type { KitEvent } from '../events/types.js'
import { filterActivity } from '../rules/activity.js'
import type { KitState } from '../state.js'

/** Activity of the connected account (§5: spam dropped, connected chain only). */
export function transactionsReducer(draft: Draft<KitState>, event: KitEvent): void {
  const transactions = draft.transactions
  switch (event.type) {
    case 'transactions/requested':
      transactions.isLoading = true
      transactions.error = null
      return
    case 'transactions/succeeded': {
      const { payload } = event
      const chain = draft.chains.entities[payload.namespace]
      const networkId = chain?.networkState.caipNetworkId
      transactions.isLoading = false
      if (!chain || !networkId || chain.accountState.caipAddress !== payload.caipAddress) return
      const fresh = filterActivity(payload.transactions, networkId)
      const known = new Set(transactions.items.map((item) => item.id))
      transactions.items.push(...fresh.filter((item) => !known.has(item.id)))
      transactions.next = payload.next
      return
    }
    case 'transactions/failed':
      transactions.isLoading = false
      transactions.error = event.payload.error
      return
    case 'account/changed':
    case 'chain/changed':
    case 'networkSwitch/succeeded':
    case 'disconnection/succeeded':
    case 'wallet/disconnected':
      if (transactions.items.length || transactions.next || transactions.error) {
        draft.transactions = { items: [], next: null, isLoading: false, error: null }
      }
      return
    default:
      return
  }
}
