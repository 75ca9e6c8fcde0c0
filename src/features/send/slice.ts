import type {
  FeatureSlice,
  FeeSpeed,
  KitEvent,
  KitState,
  Namespace,
  SendQuote,
  TokenBalance,
} from '../../kernel/index.js'

/**
 * The price of the form's send, where the namespace quotes one before signing (bip122): pending
 * while the plugin prices it, then its fee and total, or the code of why it cannot be made.
 */
export type SendQuoteState =
  | { readonly key: string; readonly status: 'pending' }
  | ({ readonly key: string; readonly status: 'ready' } & SendQuote)
  | { readonly key: string; readonly status: 'failed'; readonly code: string }

/** The form a quote is for: a quote for other input is never shown. @internal */
export function sendQuoteKey(
  form: Pick<SendState, 'sendTokenAmount' | 'receiverAddress' | 'token' | 'feeSpeed'>,
): string {
  return [
    form.sendTokenAmount ?? '',
    form.receiverAddress ?? '',
    form.token ? `${form.token.chainId}/${form.token.address}` : '',
    form.feeSpeed ?? '',
  ].join('|')
}

/** The last transaction sent: its hash, network and whether it was mined. */
export interface SentTransaction {
  hash: string
  networkId: string | null
  /** The family and account it was sent from: its status means nothing for another one. */
  namespace: Namespace
  from: string | null
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
  /** The speed the visitor picked; the plugin's default when `null`. */
  feeSpeed: FeeSpeed | null
  /** The price of the form's send, where the namespace quotes one. */
  quote: SendQuoteState | null
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
    feeSpeed: null,
    quote: null,
  }
}

/** Views that show or lead back to the status of what was sent; any other starts a new flow. */
const STATUS_VIEWS: readonly string[] = ['Account', 'Networks']

/**
 * Whether the last transaction's status still applies to what the visitor has in front of them:
 * the same family, network and account as it was sent from, and no other flow started since.
 */
function statusApplies(last: SentTransaction, root: KitState, event: KitEvent): boolean {
  // The router's reducer runs after the slices: the view is the event's.
  const view = 'view' in event.payload ? event.payload.view : null
  if (typeof view === 'string' && !STATUS_VIEWS.includes(view)) return false
  if (root.activeNamespace !== last.namespace) return false
  const chain = root.namespaces.entities[last.namespace]
  if (last.networkId !== null && chain?.networkState.caipNetworkId !== last.networkId) return false
  return last.from === null || chain?.accountState.caipAddress === last.from
}

/**
 * §4 send flow: success resets the form (keeping what was sent), failure keeps the input for
 * another try; closing the modal or disconnecting clears the form, so a reopened Send starts
 * empty. What was sent is shown until it no longer applies: another family, network or account,
 * another flow, or the modal closed.
 */
export const sendSlice: FeatureSlice<SendState> = {
  initial: () => emptySendForm(),
  handles: [
    'send/tokenSelected',
    'send/amountChanged',
    'send/receiverChanged',
    'send/receiverChecked',
    'send/gasEstimated',
    'send/feeSpeedSelected',
    'send/quoteRequested',
    'send/quoted',
    'send/quoteFailed',
    'send/succeeded',
    'send/confirmed',
    'send/reset',
    'modal/closed',
    'disconnection/succeeded',
    'wallet/disconnected',
    'namespace/activated',
    'network/changed',
    'networkSwitch/succeeded',
    'account/changed',
    'connection/succeeded',
    'router/pushed',
    'router/replaced',
    'router/reset',
  ],
  recipe: (draft, event, root) => {
    switch (event.type) {
      case 'send/tokenSelected':
        draft.token = event.payload.token
        draft.quote = null
        return undefined
      case 'send/amountChanged':
        draft.sendTokenAmount = event.payload.amount
        draft.quote = null
        return undefined
      case 'send/feeSpeedSelected':
        draft.feeSpeed = event.payload.feeSpeed
        draft.quote = null
        return undefined
      case 'send/quoteRequested':
        if (event.payload.key === sendQuoteKey(draft))
          draft.quote = { key: event.payload.key, status: 'pending' }
        return undefined
      case 'send/quoted': {
        const { namespace: _namespace, key, ...quote } = event.payload
        if (key === sendQuoteKey(draft)) draft.quote = { key, status: 'ready', ...quote }
        return undefined
      }
      case 'send/quoteFailed':
        if (event.payload.key === sendQuoteKey(draft))
          draft.quote = { key: event.payload.key, status: 'failed', code: event.payload.error.code }
        return undefined
      case 'send/receiverChanged':
        draft.quote = null
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
          namespace: event.payload.namespace,
          from: root.namespaces.entities[event.payload.namespace]?.accountState.caipAddress ?? null,
          status: 'pending',
        })
      case 'send/confirmed':
        if (draft.last?.hash === event.payload.hash) draft.last.status = event.payload.status
        return undefined
      case 'modal/closed':
      case 'send/reset':
      case 'disconnection/succeeded':
      case 'wallet/disconnected':
        return isEmpty(draft) && draft.last === null ? undefined : emptySendForm()
      default:
        if (draft.last && !statusApplies(draft.last, root, event)) draft.last = null
        return undefined
    }
  },
}

function isEmpty(form: SendState): boolean {
  return (
    form.token === null &&
    form.sendTokenAmount === null &&
    form.receiverAddress === null &&
    form.gasPrice === null &&
    form.feeSpeed === null &&
    form.quote === null
  )
}
