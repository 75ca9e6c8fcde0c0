import { formatDecimal, fromScaledInteger, type KitState } from '../../kernel/index.js'
import { multiplyDecimal } from './amounts.js'
import { SWAP_QUOTE_DECIMALS } from './constants.js'
import type { SwapState } from './slice.js'

/**
 * The swap state, once the swap feature has loaded in this kit.
 * @example
 * import { selectSwap } from '@gangway/kit/swap'
 * selectSwap(kit.getState())?.toTokenAmount
 */
export function selectSwap(state: KitState): SwapState | undefined {
  return state.swap
}

const pending = (state: KitState, type: string) =>
  Object.values(state.operations.pending).some((operation) => operation.type === type)

/** Whether the swap is initializing, quoting, preparing or waiting for the wallet. */
export function selectSwapActivity(state: KitState): {
  readonly initializing: boolean
  readonly quoting: boolean
  readonly preparing: boolean
  readonly sending: boolean
} {
  return {
    initializing: pending(state, 'swap/initialization'),
    quoting: pending(state, 'swap/quote'),
    preparing: pending(state, 'swap/preparation'),
    sending: pending(state, 'swap/transaction'),
  }
}

/**
 * What the Swap view's button does now: pick a token, enter an amount, nothing (an input error, a
 * quote or transaction on its way, a failure), approve, or review the swap.
 * @example
 * import { selectSwapAction } from '@gangway/kit/swap'
 * selectSwapAction(kit.getState()) // 'approve'
 */
export function selectSwapAction(
  state: KitState,
): 'selectToken' | 'enterAmount' | 'inputError' | 'wait' | 'failed' | 'approve' | 'review' {
  const swap = selectSwap(state)
  if (!swap?.initialized) return 'wait'
  if (!swap.sourceToken || !swap.toToken) return 'selectToken'
  if (swap.sourceTokenAmount === '') return 'enterAmount'
  if (swap.inputError) return 'inputError'
  if (swap.approvalTransaction) return 'approve'
  if (swap.swapTransaction) return 'review'
  const activity = selectSwapActivity(state)
  if (activity.quoting || activity.preparing || activity.sending) return 'wait'
  return swap.transactionError ? 'failed' : 'wait'
}

/** What the preview shows (§9: the quote to 6 decimals); every figure is decimal text. */
export interface SwapPreview {
  readonly fromAmount: string
  readonly fromSymbol: string
  readonly toAmount: string
  readonly toSymbol: string
  /** How much of `to` one `from` buys at this quote, to 6 decimals. */
  readonly rate: string
  /** The provider fee in percent, and its amount in the source token. */
  readonly providerFee: string
  readonly providerFeeAmount: string
  readonly priceImpact: string
  readonly slippage: string
  readonly minimumReceived: string
  /** Who receives the output, and the contract the swap calls, as the call data says. */
  readonly recipient: string
  readonly router: string
  /** Network cost in the native currency, and in USD (cents). */
  readonly networkCost: string
  readonly networkCostInUSD: string
}

/**
 * The figures of the swap preview (rate, fee, minimum received, network cost), once the swap
 * transaction is built and checked. What the transaction does (the amount given, the minimum
 * received, the recipient, the router) is read from its call data, not from the service's answer.
 * @example
 * import { selectSwapPreview } from '@gangway/kit/swap'
 * selectSwapPreview(kit.getState())?.minimumReceived // '2919.909948'
 */
export function selectSwapPreview(state: KitState): SwapPreview | undefined {
  const swap = selectSwap(state)
  const checked = swap?.checkedTransaction
  if (
    !swap?.sourceToken ||
    !swap.toToken ||
    !swap.swapTransaction ||
    !swap.minimumReceived ||
    !checked?.recipient
  ) {
    return undefined
  }
  const places = SWAP_QUOTE_DECIMALS
  // rate = to / from, exactly to `places` decimals: scale the division, then cut.
  const [fromWhole = '0', fromFraction = ''] = swap.sourceTokenAmount.split('.')
  const [toWhole = '0', toFraction = ''] = swap.toTokenAmount.split('.')
  const from = BigInt(`${fromWhole}${fromFraction}` || '0')
  const to = BigInt(`${toWhole}${toFraction}` || '0')
  const rateScaled =
    from === 0n
      ? 0n
      : (to * 10n ** BigInt(places + fromFraction.length)) /
        (from * 10n ** BigInt(toFraction.length))
  const rate = fromScaledInteger(rateScaled, places)
  return {
    fromAmount: checked.amountIn,
    fromSymbol: swap.sourceToken.symbol,
    toAmount: formatDecimal(swap.toTokenAmount, places),
    toSymbol: swap.toToken.symbol,
    rate,
    providerFee: swap.providerFee ?? '0',
    providerFeeAmount: formatDecimal(swap.providerFeeAmount ?? '0', places),
    priceImpact: swap.priceImpact ?? '0',
    slippage: swap.slippage,
    minimumReceived: formatDecimal(swap.minimumReceived, places),
    recipient: checked.recipient,
    router: checked.contract,
    networkCost: formatDecimal(swap.gasFee, places),
    networkCostInUSD: multiplyDecimal(swap.gasFee, swap.networkPrice, 2),
  }
}
