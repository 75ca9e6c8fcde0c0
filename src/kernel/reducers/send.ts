import type { Draft } from 'immer'
import type { KitEvent } from '../events/types.js'
import { freshSlices, initialSendState, type KitState } from '../state.js'
import { defineSliceReducer, isPristine } from './defineSliceReducer.js'

function reduceSend(draft: Draft<Pick<KitState, 'send'>>, event: KitEvent): void {
  const send = draft.send
  switch (event.type) {
    case 'send/tokenSelected':
      send.token = event.payload.token
      return
    case 'send/amountChanged':
      send.sendTokenAmount = event.payload.amount
      return
    case 'send/receiverChanged':
      send.receiverAddress = event.payload.address
      send.receiverProfileName = event.payload.profileName ?? null
      send.receiverProfileImageUrl = event.payload.profileImageUrl ?? null
      return
    case 'send/gasEstimated':
      send.gasPrice = event.payload.gasPrice
      send.gasPriceInUSD = event.payload.gasPriceInUSD
      send.networkBalanceInUSD = event.payload.networkBalanceInUSD
      return
    case 'send/requested':
      send.loading = true
      return
    case 'send/succeeded':
      draft.send = { ...freshSlices.send(), lastHash: event.payload.hash }
      return
    case 'send/failed':
      send.loading = false
      return
    case 'send/reset':
    case 'disconnection/succeeded':
    case 'wallet/disconnected':
      // A fresh copy: a later event in the same batch may write into it (see rebuildState).
      draft.send = freshSlices.send()
      return
    default:
      return
  }
}

const RESETS = new Set(['send/reset', 'disconnection/succeeded', 'wallet/disconnected'])

/** §3 send state and §4 send flow: success resets, failure keeps the input for another try. */
export const sendReducer = defineSliceReducer({
  keys: ['send'],
  handles: [
    'send/tokenSelected',
    'send/amountChanged',
    'send/receiverChanged',
    'send/gasEstimated',
    'send/requested',
    'send/succeeded',
    'send/failed',
    'send/reset',
    'disconnection/succeeded',
    'wallet/disconnected',
  ],
  // Resets of a form that is already empty change nothing.
  skip: (event, root) => RESETS.has(event.type) && isPristine(root.send, initialSendState),
  recipe: reduceSend,
})
