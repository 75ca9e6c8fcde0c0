import type { FeatureSlice, TokenBalance } from '../../kernel/index.js'

/** The last transaction sent: its hash, network and whether it was mined. */
export interface SentTransaction {
  hash: string
  networkId: string | null
  /** `pending` until the plugin reports the receipt. */
  status: 'pending' | 'success' | 'reverted'
}

/**
 * §3 send state. The spec's `tokenBalances` is the account's `tokenBalance`, not a copy, and its
 * `loading` is whether a send operation is pending (`selectIsSending`), not a second record.
 */
export interface SendState {
  token: TokenBalance | null
  sendTokenAmount: string | null
  receiverAddress: string | null
  /** Whether the receiver passed the namespace's address schema when it was typed. */
  isReceiverValid: boolean
  receiverProfileImageUrl: string | null
  receiverProfileName: string | null
  gasPrice: string | null
  gasPriceInUSD: number | null
  networkBalanceInUSD: number | null
  /** The last transaction sent, for its explorer link and mined result. */
  last: SentTransaction | null
}

/** The form before anything is chosen. */
export function emptySendForm(last: SentTransaction | null = null): SendState {
  return {
    token: null,
    sendTokenAmount: null,
    receiverAddress: null,
    isReceiverValid: false,
    receiverProfileImageUrl: null,
    receiverProfileName: null,
    gasPrice: null,
    gasPriceInUSD: null,
    networkBalanceInUSD: null,
    last,
  }
}

/**
 * §4 send flow: success resets the form (keeping what was sent), failure keeps the input for
 * another try; closing the modal or disconnecting clears the form, so a reopened Send starts
 * empty.
 */
export const sendSlice: FeatureSlice<SendState> = {
  initial: () => emptySendForm(),
  handles: [
    'send/tokenSelected',
    'send/amountChanged',
    'send/receiverChanged',
    'send/receiverChecked',
    'send/gasEstimated',
    'send/succeeded',
    'send/confirmed',
    'send/reset',
    'modal/closed',
    'disconnection/succeeded',
    'wallet/disconnected',
  ],
  recipe: (draft, event) => {
    switch (event.type) {
      case 'send/tokenSelected':
        draft.token = event.payload.token
        return undefined
      case 'send/amountChanged':
        draft.sendTokenAmount = event.payload.amount
        return undefined
      case 'send/receiverChanged':
        draft.receiverAddress = event.payload.address
        draft.isReceiverValid = event.payload.isValid
        draft.receiverProfileName = event.payload.profileName ?? null
        draft.receiverProfileImageUrl = event.payload.profileImageUrl ?? null
        return undefined
      case 'send/receiverChecked':
        // Only for the receiver still in the field: an older check never overrides newer typing.
        if (draft.receiverAddress === event.payload.address && !event.payload.isValid) {
          draft.isReceiverValid = false
        }
        return undefined
      case 'send/gasEstimated':
        draft.gasPrice = event.payload.gasPrice
        draft.gasPriceInUSD = event.payload.gasPriceInUSD
        draft.networkBalanceInUSD = event.payload.networkBalanceInUSD
        return undefined
      case 'send/succeeded':
        return emptySendForm({
          hash: event.payload.hash,
          networkId: event.payload.networkId ?? null,
          status: 'pending',
        })
      case 'send/confirmed':
        if (draft.last?.hash === event.payload.hash) draft.last.status = event.payload.status
        return undefined
      case 'modal/closed':
        // The form clears; what was sent stays, so its result can still be seen.
        return isEmpty(draft) ? undefined : emptySendForm(draft.last)
      case 'send/reset':
      case 'disconnection/succeeded':
      case 'wallet/disconnected':
        return isEmpty(draft) && draft.last === null ? undefined : emptySendForm()
      default:
        return undefined
    }
  },
}

function isEmpty(form: SendState): boolean {
  return (
    form.token === null &&
    form.sendTokenAmount === null &&
    form.receiverAddress === null &&
    form.gasPrice === null
  )
}
