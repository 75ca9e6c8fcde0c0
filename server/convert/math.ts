/**
 * The convert API's pool arithmetic on base units (bigint): the constant-product output of a
 * Uniswap V2 pool (the formula its router uses), the provider fee taken once from the input, the
 * price impact and the pools' mid price. The server's own: the kit never computes a quote, it
 * checks what the server built against the visitor's choice (`src/services/gangway/convertRules.ts`
 * holds the slippage rule both sides apply). No floating point touches an amount or a fee.
 * @module
 */
import { fromScaledInteger } from '../../src/kernel/index.js'
import { BASIS_POINTS } from '../../src/services/gangway/convertRules.js'

/** One pool on a path: what it holds of the token going in and of the token coming out. */
export interface PoolHop {
  readonly reserveIn: bigint
  readonly reserveOut: bigint
}

/**
 * What a Uniswap V2 pair pays for `amountIn` (its 0.3 % liquidity fee included), rounded down as
 * `UniswapV2Library.getAmountOut` does.
 * @example
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
 * providerFeeOf(10n ** 18n, 85n) // 8500000000000000n
 * @param amountIn - base units.
 * @param feeBasisPoints - the fee, 0 to 10,000.
 * @returns the fee in base units of the input token.
 */
export function providerFeeOf(amountIn: bigint, feeBasisPoints: bigint): bigint {
  return (amountIn * feeBasisPoints) / BASIS_POINTS
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
