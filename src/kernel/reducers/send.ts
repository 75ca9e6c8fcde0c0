import type { Draft } from 'immer'
import type { KitEvent } from '../events/types.js'
import { isStructurallyEqual } from '../selectors/streams.js'
import { initialSendState, type KitState } from '../state.js'

/** §3 send state and §4 send flow: success resets, failure keeps the input for another try. */
export function sendReducer(draft: Draft<KitState>, event: KitEvent): void {
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
      draft.send = { ...initialSendState, lastHash: event.payload.hash }
      return
    case 'send/failed':
      send.loading = false
      return
    case 'send/reset':
    case 'disconnection/succeeded':
    case 'wallet/disconnected':
      if (!isStructurallyEqual(send, initialSendState)) {
        draft.send = { ...initialSendState }
      }
      return
    default:
      return
  }
}
