/**
 * Exact swap arithmetic on base units (bigint), shared by the kit and the Gangway server: the
 * constant-product output of a Uniswap V2 pool (the formula its router uses), the provider fee
 * taken once from the input, the slippage minimum and the price impact. No floating point touches
 * an amount or a fee.
 * @module
 */
import { fromScaledInteger, toScaledInteger } from '../../kernel/index.js'

/** Basis points in a whole: 10,000 (1 basis point is 0.01 %). */
export const BASIS_POINTS = 10_000n

/** One pool on a path: what it holds of the token going in and of the token coming out. */
export interface PoolHop {
  readonly reserveIn: bigint
  readonly reserveOut: bigint
}

/**
 * What a Uniswap V2 pair pays for `amountIn` (its 0.3 % liquidity fee included), rounded down as
 * `UniswapV2Library.getAmountOut` does.
 * @example
 * import { getAmountOut } from '@gangway/kit/swap'
 * getAmountOut(1_000n, 1_000_000n, 2_000_000n) // 1992n
 * @param amountIn - base units going in (above 0).
 * @param reserveIn - the pool's reserve of the input token (above 0).
 * @param reserveOut - the pool's reserve of the output token (above 0).
 * @returns base units coming out.
 * @throws RangeError for an amount or reserve that is not above 0.
 */
export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n) throw new RangeError('getAmountOut: the amount must be above 0')
  if (reserveIn <= 0n || reserveOut <= 0n)
    throw new RangeError('getAmountOut: the pool has no liquidity')
  const amountInWithFee = amountIn * 997n
  return (amountInWithFee * reserveOut) / (reserveIn * 1_000n + amountInWithFee)
}

/**
 * The amounts along a path, as `UniswapV2Router02.getAmountsOut` returns them: the input first,
 * then what each pool pays into the next.
 * @example
 * import { getAmountsOut } from '@gangway/kit/swap'
 * getAmountsOut(1_000n, [{ reserveIn: 10n ** 6n, reserveOut: 2n * 10n ** 6n }]) // [1000n, 1992n]
 * @param amountIn - base units going into the first pool.
 * @param hops - the pools in order.
 * @returns one amount per token on the path.
 * @throws RangeError as {@link getAmountOut}, or for an empty path.
 */
export function getAmountsOut(amountIn: bigint, hops: readonly PoolHop[]): bigint[] {
  if (hops.length === 0) throw new RangeError('getAmountsOut: the path has no pool')
  const amounts = [amountIn]
  let current = amountIn
  for (const hop of hops) {
    current = getAmountOut(current, hop.reserveIn, hop.reserveOut)
    amounts.push(current)
  }
  return amounts
}

/**
 * The provider fee taken from an input (§9: 0.85 % is 85 basis points), rounded down, as the
 * fee router takes it.
 * @example
 * import { providerFeeOf } from '@gangway/kit/swap'
 * providerFeeOf(10n ** 18n, 85n) // 8500000000000000n
 * @param amountIn - base units.
 * @param feeBasisPoints - the fee, 0 to 10,000.
 * @returns the fee in base units of the input token.
 */
export function providerFeeOf(amountIn: bigint, feeBasisPoints: bigint): bigint {
  return (amountIn * feeBasisPoints) / BASIS_POINTS
}

/**
 * The least a swap may pay before it reverts (slippage protection), rounded down.
 * @example
 * import { minimumReceived } from '@gangway/kit/swap'
 * minimumReceived(1_000_000n, 100n) // 990000n (1 % slippage)
 * @param quoted - the quoted output in base units.
 * @param slippageBasisPoints - the tolerated slippage, 0 to 10,000.
 * @returns the minimum output; never above `quoted`.
 */
export function minimumReceived(quoted: bigint, slippageBasisPoints: bigint): bigint {
  if (slippageBasisPoints < 0n || slippageBasisPoints > BASIS_POINTS)
    throw new RangeError('minimumReceived: slippage must be between 0 and 10,000 basis points')
  return (quoted * (BASIS_POINTS - slippageBasisPoints)) / BASIS_POINTS
}

/**
 * A percentage written as decimal text with at most two decimals (`'1'`, `'0.5'`) in basis
 * points.
 * @example
 * import { percentToBasisPoints } from '@gangway/kit/swap'
 * percentToBasisPoints('0.85') // 85n
 * @param percent - the percentage.
 * @returns basis points, or `undefined` for text that is not such a percentage up to 100.
 */
export function percentToBasisPoints(percent: string): bigint | undefined {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(percent)) return undefined
  const points = toScaledInteger(percent, 2)
  return points === undefined || points > BASIS_POINTS ? undefined : points
}

/**
 * Basis points as a percentage in decimal text.
 * @example
 * import { basisPointsToPercent } from '@gangway/kit/swap'
 * basisPointsToPercent(85n) // '0.85'
 */
export function basisPointsToPercent(basisPoints: bigint): string {
  return fromScaledInteger(basisPoints, 2)
}

/** What {@link quoteExactInput} works out. */
export interface ExactInputQuote {
  /** The provider fee, in base units of the input token, taken once before the first pool. */
  readonly fee: bigint
  /** What goes into the first pool: the input less the fee. */
  readonly netIn: bigint
  /** The amounts along the path, starting with `netIn`. */
  readonly amounts: readonly bigint[]
  /** What the visitor receives. */
  readonly toAmount: bigint
  /**
   * How much worse than the pools' mid price the swap pays, in percent with four decimals
   * (`'0.3512'`); the pools' 0.3 % liquidity fee is part of it.
   */
  readonly priceImpactPercent: string
}

/**
 * Quotes an exact-input swap along a path: the provider fee once from the input, then the
 * constant-product output of each pool.
 * @example
 * import { quoteExactInput } from '@gangway/kit/swap'
 * quoteExactInput(10_000n, [{ reserveIn: 10n ** 9n, reserveOut: 10n ** 9n }], 85n).toAmount // 9885n
 * @param amountIn - base units the visitor gives.
 * @param hops - the pools in order.
 * @param feeBasisPoints - the provider fee.
 * @returns fee, amounts, output and price impact.
 * @throws RangeError when nothing is left after the fee, or a pool is empty.
 */
export function quoteExactInput(
  amountIn: bigint,
  hops: readonly PoolHop[],
  feeBasisPoints: bigint,
): ExactInputQuote {
  const fee = providerFeeOf(amountIn, feeBasisPoints)
  const netIn = amountIn - fee
  const amounts = getAmountsOut(netIn, hops)
  const toAmount = amounts[amounts.length - 1]!
  return { fee, netIn, amounts, toAmount, priceImpactPercent: priceImpactOf(netIn, toAmount, hops) }
}

/**
 * How far an output falls below the mid price along a path: `1 − out / (in × Π reserveOut /
 * Π reserveIn)`, in percent with four decimals, rounded down (0 when the output is not below it).
 * @example
 * import { priceImpactOf } from '@gangway/kit/swap'
 * priceImpactOf(1_000n, 1_992n, [{ reserveIn: 10n ** 6n, reserveOut: 2n * 10n ** 6n }]) // '0.4'
 */
export function priceImpactOf(netIn: bigint, out: bigint, hops: readonly PoolHop[]): string {
  let midNumerator = netIn
  let midDenominator = 1n
  for (const hop of hops) {
    midNumerator *= hop.reserveOut
    midDenominator *= hop.reserveIn
  }
  const lost = midNumerator - out * midDenominator
  if (midNumerator <= 0n || lost <= 0n) return '0'
  // Percent with four decimals: × 100 × 10^4.
  return fromScaledInteger((lost * 1_000_000n) / midNumerator, 4)
}

/**
 * The mid price of one whole input token in whole output tokens along a path (Π reserveOut /
 * Π reserveIn, corrected for decimals), as decimal text with `places` decimals, rounded down.
 * @example
 * import { midPriceOf } from '@gangway/kit/swap'
 * midPriceOf([{ reserveIn: 10n ** 20n, reserveOut: 3n * 10n ** 11n }], 18, 6) // '3000'
 * @param hops - the pools from the token to the reference token.
 * @param decimalsIn - decimals of the token priced.
 * @param decimalsOut - decimals of the reference token.
 * @param places - decimals kept (18 by default).
 * @returns the price, or `'0'` for an empty pool.
 */
export function midPriceOf(
  hops: readonly PoolHop[],
  decimalsIn: number,
  decimalsOut: number,
  places = 18,
): string {
  let numerator = 10n ** BigInt(decimalsIn) * 10n ** BigInt(places)
  let denominator = 10n ** BigInt(decimalsOut)
  for (const hop of hops) {
    if (hop.reserveIn <= 0n) return '0'
    numerator *= hop.reserveOut
    denominator *= hop.reserveIn
  }
  return fromScaledInteger(numerator / denominator, places)
}

/**
 * The product of two non-negative decimal texts (an amount and a USD price), cut (never rounded
 * up) to `places` decimals: a value shown is never more than the real one.
 * @example
 * import { multiplyDecimal } from '@gangway/kit/swap'
 * multiplyDecimal('1.5', '2000.25', 2) // '3000.37'
 * @returns the product as decimal text; `'0'` for text that is not a decimal.
 */
export function multiplyDecimal(left: string, right: string, places: number): string {
  const scaleOf = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0)
  const leftScale = scaleOf(left)
  const rightScale = scaleOf(right)
  const a = toScaledInteger(left, leftScale)
  const b = toScaledInteger(right, rightScale)
  if (a === undefined || b === undefined) return '0'
  const scale = leftScale + rightScale
  const product = a * b
  const cut =
    scale > places
      ? product / 10n ** BigInt(scale - places)
      : product * 10n ** BigInt(places - scale)
  return fromScaledInteger(cut, places)
}

/**
 * `percent` % of an amount, exactly (both decimal text): the point moves, nothing is rounded.
 * @example
 * import { percentOf } from '@gangway/kit/swap'
 * percentOf('2949.40', '1') // '29.494'
 * @returns decimal text; `'0'` for text that is not a decimal.
 */
export function percentOf(amount: string, percent: string): string {
  const scaleOf = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0)
  const a = toScaledInteger(amount, scaleOf(amount))
  const p = toScaledInteger(percent, scaleOf(percent))
  if (a === undefined || p === undefined) return '0'
  return fromScaledInteger(a * p, scaleOf(amount) + scaleOf(percent) + 2)
}
