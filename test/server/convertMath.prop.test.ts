import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  getAmountOut,
  getAmountsOut,
  priceImpactOf,
  providerFeeOf,
  quoteExactInput,
} from '../../server/convert/math.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 300),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
}

/** Uniswap V2 keeps reserves in uint112. */
const UINT112_MAX = 2n ** 112n - 1n

/**
 * The reference: what `UniswapV2Pair.swap` lets a trader take. It accepts an output when
 * `(balanceIn·1000 − in·3) · balanceOut·1000 ≥ reserveIn · reserveOut · 1000²` and the output is
 * below the reserve; the largest such output is found by bisection, not by the library formula.
 */
function pairAllowsAtMost(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  const accepts = (out: bigint) =>
    out < reserveOut &&
    ((reserveIn + amountIn) * 1000n - amountIn * 3n) * ((reserveOut - out) * 1000n) >=
      reserveIn * reserveOut * 1_000_000n
  let low = 0n
  let high = reserveOut - 1n
  while (low < high) {
    const middle = (low + high + 1n) / 2n
    if (accepts(middle)) low = middle
    else high = middle - 1n
  }
  return low
}

/** A pool and an input the pool's uint112 balances can hold. */
const poolAndInput = fc
  .tuple(
    fc.bigInt({ min: 1_000n, max: UINT112_MAX / 2n }),
    fc.bigInt({ min: 1_000n, max: UINT112_MAX }),
  )
  .chain(([reserveIn, reserveOut]) =>
    fc.record({
      reserveIn: fc.constant(reserveIn),
      reserveOut: fc.constant(reserveOut),
      amountIn: fc.bigInt({ min: 1n, max: UINT112_MAX - reserveIn }),
    }),
  )
const hop = fc.record({
  reserveIn: fc.bigInt({ min: 1_000n, max: 10n ** 30n }),
  reserveOut: fc.bigInt({ min: 1_000n, max: 10n ** 30n }),
})
const feeBasisPoints = fc.bigInt({ min: 0n, max: 1_000n })

describe('getAmountOut', () => {
  test('default', () => {
    expect(getAmountOut(1_000n, 1_000_000n, 2_000_000n)).toBe(1_992n)
    expect(() => getAmountOut(0n, 1n, 1n)).toThrow(RangeError)
    expect(() => getAmountOut(1n, 0n, 1n)).toThrow(RangeError)
  })

  test('behavior: pays exactly the most the pair accepts (constant product with its 0.3 % fee)', () => {
    fc.assert(
      fc.property(poolAndInput, ({ amountIn, reserveIn, reserveOut }) => {
        expect(getAmountOut(amountIn, reserveIn, reserveOut)).toBe(
          pairAllowsAtMost(amountIn, reserveIn, reserveOut),
        )
      }),
      runs,
    )
  })

  test('behavior: more in never pays less, and never the whole reserve', () => {
    fc.assert(
      fc.property(poolAndInput, fc.bigInt({ min: 1n, max: 10n ** 20n }), (pool, extra) => {
        const { amountIn, reserveIn, reserveOut } = pool
        const out = getAmountOut(amountIn, reserveIn, reserveOut)
        expect(out).toBeLessThan(reserveOut)
        expect(getAmountOut(amountIn + extra, reserveIn, reserveOut)).toBeGreaterThanOrEqual(out)
      }),
      runs,
    )
  })
})

describe('quoteExactInput', () => {
  test('default', () => {
    const quote = quoteExactInput(10_000n, [{ reserveIn: 10n ** 9n, reserveOut: 10n ** 9n }], 85n)
    expect(quote).toMatchObject({ fee: 85n, netIn: 9_915n, toAmount: 9_885n })
  })

  test('behavior: the provider fee is taken once, from the input, before the first pool', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10_000n, max: 10n ** 24n }),
        fc.array(hop, { minLength: 1, maxLength: 3 }),
        feeBasisPoints,
        (amountIn, hops, fee) => {
          // The reference: the fee once from the input, then each pool as the pair itself pays.
          const referenceFee = (amountIn * fee) / 10_000n
          let expected = amountIn - referenceFee
          let dry = false
          for (const pool of hops) {
            // A pool asked to swap nothing reverts (UniswapV2Library: INSUFFICIENT_INPUT_AMOUNT).
            if (expected === 0n) dry = true
            else expected = pairAllowsAtMost(expected, pool.reserveIn, pool.reserveOut)
          }
          if (dry) {
            expect(() => quoteExactInput(amountIn, hops, fee)).toThrow(RangeError)
            return
          }
          const quote = quoteExactInput(amountIn, hops, fee)
          expect(quote.fee).toBe(referenceFee)
          expect(quote.fee + quote.netIn).toBe(amountIn)
          expect(quote.toAmount).toBe(expected)
          expect(quote.amounts).toEqual(getAmountsOut(quote.netIn, hops))
          expect(quoteExactInput(amountIn, hops, 0n).toAmount).toBeGreaterThanOrEqual(
            quote.toAmount,
          )
        },
      ),
      runs,
    )
  })

  test('behavior: the price impact is at least the pool fee, at most 100 %, and grows with the amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1_000n, max: 10n ** 24n }), hop, (amountIn, pool) => {
        const small = quoteExactInput(amountIn, [pool], 0n)
        const large = quoteExactInput(amountIn * 10n, [pool], 0n)
        const impact = (text: string) => Number(text)
        // out ≤ in · 0.997 · mid, so a single pool never pays better than its 0.3 % fee allows.
        expect(impact(small.priceImpactPercent)).toBeGreaterThanOrEqual(0.3)
        expect(impact(small.priceImpactPercent)).toBeLessThanOrEqual(100)
        // Outputs are rounded down to whole base units: the impact only grows where one unit is
        // far below the four decimals shown (an output of a few units can round to 0 and read
        // 100 % while a larger input pays 1 unit).
        if (small.toAmount >= 10_000_000n) {
          expect(impact(large.priceImpactPercent)).toBeGreaterThanOrEqual(
            impact(small.priceImpactPercent) - 0.0001,
          )
        }
      }),
      runs,
    )
  })
})

test('behavior: the provider fee of 10,000 base units is its basis points, exactly', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 10_000n }), (bps) => {
      expect(providerFeeOf(10_000n, bps)).toBe(bps)
    }),
    runs,
  )
})

test('behavior: no price impact when the output meets the mid price', () => {
  expect(
    priceImpactOf(1_000n, 2_000n, [{ reserveIn: 10n ** 6n, reserveOut: 2n * 10n ** 6n }]),
  ).toBe('0')
  expect(
    priceImpactOf(1_000n, 1_992n, [{ reserveIn: 10n ** 6n, reserveOut: 2n * 10n ** 6n }]),
  ).toBe('0.4')
})
