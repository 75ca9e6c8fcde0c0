import type { Draft } from 'immer'
import type { KitEvent } from '../events/types.js'
import { filterActivity } from '../rules/activity.js'
import { freshSlices, initialTransactionsState, type KitState } from '../state.js'
import { defineSliceReducer, isPristine } from './defineSliceReducer.js'

function reduceTransactions(
  draft: Draft<Pick<KitState, 'transactions'>>,
  event: KitEvent,
  root: KitState,
): void {
  const transactions = draft.transactions
  switch (event.type) {
    case 'transactions/requested':
      transactions.isLoading = true
      transactions.error = null
      return
    case 'transactions/succeeded': {
      const { payload } = event
      const chain = root.chains.entities[payload.namespace]
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
      // A fresh copy: a later event in the same batch may write into it (see rebuildState).
      draft.transactions = freshSlices.transactions()
      return
    default:
      return
  }
}

/** Activity of the connected account (§5: spam dropped, connected chain only). */
export const transactionsReducer = defineSliceReducer({
  keys: ['transactions'],
  handles: [
    'transactions/requested',
    'transactions/succeeded',
    'transactions/failed',
    'account/changed',
    'chain/changed',
    'networkSwitch/succeeded',
    'disconnection/succeeded',
    'wallet/disconnected',
  ],
  // Anything that changes the account or network clears activity; clearing nothing is skipped.
  skip: (event, root) =>
    !event.type.startsWith('transactions/') &&
    isPristine(root.transactions, initialTransactionsState),
  recipe: reduceTransactions,
})
