import {
  ERROR_CODES,
  FEES,
  type FeatureSlice,
  hasInsufficientBalance,
  type KitEvent,
  type PreparedTransaction,
  type TokenBalance,
  type TokenInfo,
} from '../../kernel/index.js'

/** §3 swap state. */
export interface SwapState {
  sourceToken: TokenInfo | null
  toToken: TokenInfo | null
  sourceTokenAmount: string
  toTokenAmount: string
  sourceTokenPriceInUSD: number
  toTokenPriceInUSD: number
  slippage: number
  gasFee: string
  gasPriceInUSD: number
  priceImpact: number | null
  maxSlippage: number | null
  providerFee: string | null
  networkPrice: number
  networkBalanceInUSD: number
  tokens: TokenInfo[]
  popularTokens: TokenInfo[]
  suggestedTokens: TokenInfo[]
  myTokensWithBalance: TokenBalance[]
  approvalTransaction: PreparedTransaction | null
  swapTransaction: PreparedTransaction | null
  inputError: string | null
  transactionError: string | null
  initialized: boolean
}

/** §3 swap state before initialization (§9 default slippage 1 %). */
export const initialSwapState: SwapState = Object.freeze({
  sourceToken: null,
  toToken: null,
  sourceTokenAmount: '',
  toTokenAmount: '',
  sourceTokenPriceInUSD: 0,
  toTokenPriceInUSD: 0,
  slippage: 1,
  gasFee: '0',
  gasPriceInUSD: 0,
  priceImpact: null,
  maxSlippage: null,
  providerFee: null,
  networkPrice: 0,
  networkBalanceInUSD: 0,
  tokens: [],
  popularTokens: [],
  suggestedTokens: [],
  myTokensWithBalance: [],
  approvalTransaction: null,
  swapTransaction: null,
  inputError: null,
  transactionError: null,
  initialized: false,
}) as SwapState

/** A fresh, writable copy of the initial swap state. */
const freshSwap = (): SwapState => ({
  ...initialSwapState,
  tokens: [],
  popularTokens: [],
  suggestedTokens: [],
  myTokensWithBalance: [],
})

/** §5 the swap input error: the source token balance must cover the amount. */
function inputErrorOf(swap: SwapState): string | null {
  const amount = swap.sourceTokenAmount
  if (!amount || !swap.sourceToken) return null
  const held = swap.myTokensWithBalance.find(
    (token) =>
      token.address === swap.sourceToken?.address && token.chainId === swap.sourceToken?.chainId,
  )
  const balance = held?.quantity.numeric ?? '0'
  return hasInsufficientBalance(balance, amount)
    ? ERROR_CODES.INSUFFICIENT_BALANCE.userMessage
    : null
}

function reduceSwap(swap: SwapState, event: KitEvent): SwapState | undefined {
  switch (event.type) {
    case 'swap/initialized': {
      const { payload } = event
      swap.tokens = payload.tokens
      swap.popularTokens = payload.popularTokens
      swap.suggestedTokens = payload.suggestedTokens
      swap.myTokensWithBalance = payload.myTokensWithBalance
      swap.networkPrice = payload.networkPrice
      swap.networkBalanceInUSD = payload.networkBalanceInUSD
      // §4: the default source is the native token with amount 1.
      swap.sourceToken = payload.sourceToken
      swap.sourceTokenAmount = payload.sourceToken ? '1' : ''
      swap.providerFee = String(FEES.swapProviderFeePercent)
      swap.initialized = true
      swap.inputError = inputErrorOf(swap)
      return undefined
    }
    case 'swap/tokenSelected': {
      if (event.payload.side === 'source') swap.sourceToken = event.payload.token
      else swap.toToken = event.payload.token
      swap.toTokenAmount = ''
      swap.swapTransaction = null
      swap.approvalTransaction = null
      swap.inputError = inputErrorOf(swap)
      return undefined
    }
    case 'swap/amountChanged':
      swap.sourceTokenAmount = event.payload.amount
      swap.toTokenAmount = ''
      swap.inputError = inputErrorOf(swap)
      return undefined
    case 'swap/tokensSwitched': {
      const { sourceToken, toToken, sourceTokenAmount, toTokenAmount } = swap
      const { sourceTokenPriceInUSD, toTokenPriceInUSD } = swap
      swap.sourceToken = toToken
      swap.toToken = sourceToken
      swap.sourceTokenAmount = toTokenAmount
      swap.toTokenAmount = sourceTokenAmount
      swap.sourceTokenPriceInUSD = toTokenPriceInUSD
      swap.toTokenPriceInUSD = sourceTokenPriceInUSD
      swap.swapTransaction = null
      swap.approvalTransaction = null
      swap.inputError = inputErrorOf(swap)
      return undefined
    }
    case 'swap/quoteReceived': {
      const { payload } = event
      swap.toTokenAmount = payload.toAmount
      swap.sourceTokenPriceInUSD = payload.sourceTokenPriceInUSD
      swap.toTokenPriceInUSD = payload.toTokenPriceInUSD
      swap.gasFee = payload.gasFee
      swap.gasPriceInUSD = payload.gasPriceInUSD
      swap.priceImpact = payload.priceImpact
      swap.maxSlippage = payload.priceImpact + swap.slippage
      swap.transactionError = null
      return undefined
    }
    case 'swap/transactionPrepared':
      if (event.payload.kind === 'approval') {
        swap.approvalTransaction = event.payload.transaction
        swap.swapTransaction = null
      } else {
        swap.swapTransaction = event.payload.transaction
        swap.approvalTransaction = null
      }
      return undefined
    case 'swap/failed':
      swap.transactionError = event.payload.error.userMessage
      return undefined
    case 'swap/reset':
    case 'disconnection/succeeded':
      return swap.initialized || swap.sourceToken || swap.toToken ? freshSwap() : undefined
    default:
      return undefined
  }
}

/** §3 swap state and §4 swap flow. Switching tokens swaps source and destination. */
export const swapSlice: FeatureSlice<SwapState> = {
  initial: () => freshSwap(),
  handles: [
    'swap/initialized',
    'swap/tokenSelected',
    'swap/amountChanged',
    'swap/tokensSwitched',
    'swap/quoteReceived',
    'swap/transactionPrepared',
    'swap/failed',
    'swap/reset',
    'disconnection/succeeded',
  ],
  recipe: reduceSwap,
}
