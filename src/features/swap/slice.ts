import type {
  ErrorCode,
  FeatureSlice,
  KitEvent,
  KitState,
  Namespace,
  PreparedTransaction,
  TokenBalance,
  TokenInfo,
} from '../../kernel/index.js'
import { selectEffectiveAccountType } from '../../kernel/index.js'
import { percentOf } from './amounts.js'
import {
  isSameToken,
  leavesNoGasFor,
  SWAP_VIEWS,
  swapInputErrorOf,
  swapSlippageOf,
} from './rules.js'
import { selectSwapSettings } from './settings.js'

/** The last approval or swap the wallet sent, for its status line on the Account view. */
export interface SwapTransactionStatus {
  kind: 'approval' | 'swap'
  hash: string
  namespace: Namespace
  networkId: string
  /** The account it was sent from: its status means nothing for another one. */
  from: string | null
  status: 'pending' | 'confirmed' | 'failed'
}

/**
 * §3 swap state. Amounts, prices and fees are decimal text (exact); errors are catalogue codes the
 * UI words in the visitor's language.
 */
export interface SwapState {
  /** The network the flow was initialized for; `null` before. */
  networkId: string | null
  initialized: boolean
  /** Which side the token picker chooses for. */
  picking: 'source' | 'to'
  sourceToken: TokenInfo | null
  toToken: TokenInfo | null
  sourceTokenAmount: string
  /** The quoted output, whole units (exact; shown to 6 decimals, §9). */
  toTokenAmount: string
  sourceTokenPriceInUSD: string
  toTokenPriceInUSD: string
  /** The tolerated slippage in percent (§9: 1 %). */
  slippage: string
  /** Network cost in whole units of the native currency, and in USD. */
  gasFee: string
  gasPriceInUSD: string
  /** Percent below the pools' mid price; `null` without a quote. */
  priceImpact: string | null
  /** The most the output may fall short of the quote: the quote times the slippage. */
  maxSlippage: string | null
  /** The provider fee in percent (§9: 0.85 %) and its amount in the source token. */
  providerFee: string | null
  providerFeeAmount: string | null
  /** The least the swap pays before it reverts; `null` until the swap transaction is built. */
  minimumReceived: string | null
  networkPrice: string
  networkBalanceInUSD: string
  tokens: TokenInfo[]
  popularTokens: TokenInfo[]
  suggestedTokens: TokenInfo[]
  myTokensWithBalance: TokenBalance[]
  approvalTransaction: PreparedTransaction | null
  swapTransaction: PreparedTransaction | null
  /**
   * What the kit read from the prepared transaction's call data and checked against the request
   * (docs/decisions/0402): the contract called, what it spends (whole units of the source token),
   * who receives a swap's output, who may spend an approval. The preview shows these, not the
   * service's claims. `null` with nothing prepared.
   */
  checkedTransaction: {
    contract: string
    amountIn: string
    recipient: string | null
    spender: string | null
  } | null
  /** §5 input error: 'Insufficient balance' or 'Incorrect amount'. */
  inputError: ErrorCode | null
  /** The last failure of a quote, a preparation or a transaction. */
  transactionError: ErrorCode | null
  /** The values of that failure's text ('HTTP status code: {status}'), so none shows unfilled. */
  transactionErrorParams: Record<string, string | number> | null
  /** The last transaction sent, while its status applies (ours: not in §3). */
  last: SwapTransactionStatus | null
}

/** A fresh swap state (§9 default slippage unless the site set one). */
export function freshSwapState(
  slippage: string,
  last: SwapTransactionStatus | null = null,
): SwapState {
  return {
    networkId: null,
    initialized: false,
    picking: 'to',
    sourceToken: null,
    toToken: null,
    sourceTokenAmount: '',
    toTokenAmount: '',
    sourceTokenPriceInUSD: '0',
    toTokenPriceInUSD: '0',
    slippage,
    gasFee: '0',
    gasPriceInUSD: '0',
    priceImpact: null,
    maxSlippage: null,
    providerFee: null,
    providerFeeAmount: null,
    minimumReceived: null,
    networkPrice: '0',
    networkBalanceInUSD: '0',
    tokens: [],
    popularTokens: [],
    suggestedTokens: [],
    myTokensWithBalance: [],
    approvalTransaction: null,
    swapTransaction: null,
    checkedTransaction: null,
    inputError: null,
    transactionError: null,
    transactionErrorParams: null,
    last,
  }
}

/** Everything a quote or a built transaction said, gone when the form changes. */
function clearQuote(swap: SwapState): void {
  swap.toTokenAmount = ''
  swap.priceImpact = null
  swap.maxSlippage = null
  swap.providerFeeAmount = null
  swap.minimumReceived = null
  swap.approvalTransaction = null
  swap.swapTransaction = null
  swap.checkedTransaction = null
  swap.transactionError = null
  swap.transactionErrorParams = null
  swap.inputError = swapInputErrorOf(
    swap.sourceTokenAmount,
    swap.sourceToken,
    swap.myTokensWithBalance,
  )
}

function isFresh(swap: SwapState): boolean {
  return !swap.initialized && swap.networkId === null && swap.sourceToken === null
}

/** Views that show or lead back to the status of what was sent (besides the swap's own). */
const STATUS_VIEWS: readonly string[] = ['Account', 'Networks', ...SWAP_VIEWS]

/**
 * Whether the last transaction's status still applies: the same family, network and account as it
 * was sent from, and no other flow started since (a new swap clears it when it initializes).
 */
function statusApplies(last: SwapTransactionStatus, root: KitState, event: KitEvent): boolean {
  // The router's reducer runs after the slices: the view is the event's.
  const view = 'view' in event.payload ? event.payload.view : null
  if (typeof view === 'string' && !STATUS_VIEWS.includes(view)) return false
  if (root.activeNamespace !== last.namespace) return false
  const chain = root.namespaces.entities[last.namespace]
  if (chain?.networkState.caipNetworkId !== last.networkId) return false
  return last.from === null || chain?.accountState.caipAddress === last.from
}

function reduceSwap(swap: SwapState, event: KitEvent, root: KitState): SwapState | undefined {
  switch (event.type) {
    case 'swap/initialization/requested':
      // A new swap: the last one's line is gone.
      return {
        ...freshSwapState(swapSlippageOf(selectSwapSettings(root))),
        networkId: event.payload.networkId,
      }
    case 'swap/initialization/succeeded': {
      const { payload } = event
      if (payload.networkId !== swap.networkId) return undefined
      swap.tokens = payload.tokens
      swap.suggestedTokens = payload.suggestedTokens
      swap.popularTokens = payload.popularTokens
      swap.myTokensWithBalance = payload.myTokensWithBalance
      swap.networkPrice = payload.networkPrice
      swap.networkBalanceInUSD = payload.networkBalanceInUSD
      // §4: the default source is the native token with amount 1.
      swap.sourceToken = payload.sourceToken
      swap.sourceTokenAmount = '1'
      swap.initialized = true
      clearQuote(swap)
      return undefined
    }
    case 'swap/pickerOpened':
      swap.picking = event.payload.side
      return undefined
    case 'swap/tokenSelected': {
      const { side, token } = event.payload
      const other = side === 'source' ? swap.toToken : swap.sourceToken
      // Picking the token of the other side trades places with it.
      const replaced = side === 'source' ? swap.sourceToken : swap.toToken
      if (side === 'source') swap.sourceToken = token
      else swap.toToken = token
      if (isSameToken(other, token)) {
        if (side === 'source') swap.toToken = replaced
        else swap.sourceToken = replaced
      }
      clearQuote(swap)
      return undefined
    }
    case 'swap/amountChanged':
      swap.sourceTokenAmount = event.payload.amount
      clearQuote(swap)
      return undefined
    case 'swap/slippageChanged':
      swap.slippage = event.payload.slippage
      // The minimum and the prepared transaction were for the old slippage: quote again.
      clearQuote(swap)
      return undefined
    case 'swap/tokensSwitched': {
      const { sourceToken, toToken, toTokenAmount, sourceTokenPriceInUSD, toTokenPriceInUSD } = swap
      swap.sourceToken = toToken
      swap.toToken = sourceToken
      swap.sourceTokenAmount = toTokenAmount
      swap.sourceTokenPriceInUSD = toTokenPriceInUSD
      swap.toTokenPriceInUSD = sourceTokenPriceInUSD
      clearQuote(swap)
      return undefined
    }
    case 'swap/quote/succeeded': {
      const { payload } = event
      // Only the quote of the form as it is now (older ones are cancelled anyway).
      if (
        !isSameToken(payload.from, swap.sourceToken) ||
        !isSameToken(payload.to, swap.toToken) ||
        payload.amount !== swap.sourceTokenAmount
      ) {
        return undefined
      }
      swap.toTokenAmount = payload.toAmount
      swap.sourceTokenPriceInUSD = payload.sourceTokenPriceInUSD
      swap.toTokenPriceInUSD = payload.toTokenPriceInUSD
      swap.providerFee = payload.providerFee
      swap.providerFeeAmount = payload.providerFeeAmount
      swap.priceImpact = payload.priceImpact
      swap.gasFee = payload.gasFee
      swap.gasPriceInUSD = payload.gasPriceInUSD
      swap.maxSlippage = percentOf(payload.toAmount, swap.slippage)
      swap.transactionError = null
      swap.transactionErrorParams = null
      return undefined
    }
    case 'swap/preparation/succeeded': {
      const { payload } = event
      swap.approvalTransaction = payload.kind === 'approval' ? payload.transaction : null
      swap.swapTransaction = payload.kind === 'swap' ? payload.transaction : null
      swap.minimumReceived = payload.minimumReceived ?? null
      swap.checkedTransaction = {
        contract: payload.checked.contract,
        amountIn: payload.checked.amountIn,
        recipient: payload.checked.recipient ?? null,
        spender: payload.checked.spender ?? null,
      }
      swap.gasFee = payload.gasFee
      swap.gasPriceInUSD = payload.gasPriceInUSD
      // §5 gas rule: what would leave the account without gas is refused here, before any click.
      const namespace = root.activeNamespace
      const chain = namespace ? root.namespaces.entities[namespace] : null
      if (
        namespace &&
        chain &&
        leavesNoGasFor(payload.transaction, {
          balance: chain.accountState.balance,
          isSmartAccount: selectEffectiveAccountType(root, namespace) === 'smartAccount',
          decimals:
            chain.caipNetworks.find((network) => network.id === swap.networkId)?.nativeCurrency
              .decimals ?? 18,
        })
      ) {
        swap.inputError = 'INSUFFICIENT_GAS'
      }
      return undefined
    }
    case 'swap/quote/failed':
    case 'swap/preparation/failed':
    case 'swap/initialization/failed':
    case 'swap/transaction/failed':
      if (event.type === 'swap/transaction/failed' && swap.last?.status === 'pending')
        swap.last.status = 'failed'
      if (event.payload.error.code !== 'CANCELLED') {
        swap.transactionError = event.payload.error.code as ErrorCode
        swap.transactionErrorParams = event.payload.error.params
          ? { ...event.payload.error.params }
          : null
      }
      return undefined
    case 'swap/transaction/sent':
      swap.last = {
        kind: event.payload.kind,
        hash: event.payload.hash,
        namespace: event.payload.namespace,
        networkId: event.payload.networkId,
        from: root.namespaces.entities[event.payload.namespace]?.accountState.caipAddress ?? null,
        status: 'pending',
      }
      return undefined
    case 'swap/transaction/succeeded': {
      const last =
        swap.last?.hash === event.payload.hash
          ? { ...swap.last, status: 'confirmed' as const }
          : swap.last
      if (event.payload.kind === 'approval') {
        swap.approvalTransaction = null
        swap.checkedTransaction = null
        swap.last = last
        return undefined
      }
      // §4 swap flow: the last step resets; what went through stays on the Account view.
      return freshSwapState(swap.slippage, last)
    }
    case 'swap/reset':
      // Leaving the swap views resets the form, not the status line of what was just sent.
      return isFresh(swap)
        ? undefined
        : freshSwapState(swapSlippageOf(selectSwapSettings(root)), swap.last)
    case 'disconnection/succeeded':
    case 'wallet/disconnected':
    case 'modal/closed':
      if (event.type === 'modal/closed') {
        swap.last = null
        return undefined
      }
      return isFresh(swap) && swap.last === null
        ? undefined
        : freshSwapState(swapSlippageOf(selectSwapSettings(root)))
    default:
      if (swap.last && !statusApplies(swap.last, root, event)) swap.last = null
      return undefined
  }
}

/** §3 swap state and §4 swap flow. Switching tokens swaps source and destination. */
export const swapSlice: FeatureSlice<SwapState> = {
  initial: (root) => freshSwapState(swapSlippageOf(selectSwapSettings(root))),
  handles: [
    'swap/initialization/requested',
    'swap/initialization/succeeded',
    'swap/initialization/failed',
    'swap/pickerOpened',
    'swap/tokenSelected',
    'swap/amountChanged',
    'swap/slippageChanged',
    'swap/tokensSwitched',
    'swap/quote/succeeded',
    'swap/quote/failed',
    'swap/preparation/succeeded',
    'swap/preparation/failed',
    'swap/transaction/sent',
    'swap/transaction/succeeded',
    'swap/transaction/failed',
    'swap/reset',
    'disconnection/succeeded',
    'wallet/disconnected',
    'modal/closed',
    'namespace/activated',
    'network/changed',
    'networkSwitch/succeeded',
    'account/changed',
    'connection/succeeded',
    'router/pushed',
    'router/replaced',
    'router/reset',
  ],
  recipe: reduceSwap,
}
