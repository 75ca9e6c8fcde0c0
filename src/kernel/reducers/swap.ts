import type { Draft } from 'immer'
import { FEES } from '../constants.js'
import { ERROR_CODES } from '../errors/codes.js'
import type { KitEvent } from '../events/types.js'
import { hasInsufficientBalance } from '../rules/funds.js'
import { freshSlices, initialSwapState, type KitState, type SwapState } from '../state.js'
import { defineSliceReducer, isPristine } from './defineSliceReducer.js'

/** §5 the swap input error: the source token balance must cover the amount. */
function inputErrorOf(swap: Draft<SwapState>): string | null {
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

function reduceSwap(draft: Draft<Pick<KitState, 'swap'>>, event: KitEvent): void {
  const swap = draft.swap
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
      return
    }
    case 'swap/tokenSelected': {
      if (event.payload.side === 'source') swap.sourceToken = event.payload.token
      else swap.toToken = event.payload.token
      swap.toTokenAmount = ''
      swap.swapTransaction = null
      swap.approvalTransaction = null
      swap.inputError = inputErrorOf(swap)
      return
    }
    case 'swap/amountChanged':
      swap.sourceTokenAmount = event.payload.amount
      swap.toTokenAmount = ''
      swap.inputError = inputErrorOf(swap)
      return
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
      return
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
      return
    }
    case 'swap/transactionPrepared':
      if (event.payload.kind === 'approval') {
        swap.approvalTransaction = event.payload.transaction
        swap.swapTransaction = null
      } else {
        swap.swapTransaction = event.payload.transaction
        swap.approvalTransaction = null
      }
      return
    case 'swap/failed':
      swap.transactionError = event.payload.error.userMessage
      return
    case 'swap/reset':
    case 'disconnection/succeeded':
      // A fresh copy: a later event in the same batch may write into it (see rebuildState).
      draft.swap = freshSlices.swap()
      return
    default:
      return
  }
}

/** §3 swap state and §4 swap flow. Switching tokens swaps source and destination. */
export const swapReducer = defineSliceReducer({
  keys: ['swap'],
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
  skip: (event, root) =>
    (event.type === 'swap/reset' || event.type === 'disconnection/succeeded') &&
    isPristine(root.swap, initialSwapState),
  recipe: reduceSwap,
})
