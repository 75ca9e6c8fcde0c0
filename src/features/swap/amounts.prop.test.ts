import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fromScaledInteger, toScaledInteger } from '../../kernel/index.js'
import { multiplyDecimal, percentOf } from './amounts.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 300),
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
}

/** A non-negative decimal text with up to `maxScale` decimals, and its exact value. */
const decimal = (maxScale: number) =>
  fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: maxScale }))
    .map(([units, scale]) => ({ text: fromScaledInteger(units, scale), units, scale }))

describe('multiplyDecimal', () => {
  test('behavior: an amount in USD is cut, never more than the real product, and less by under one cent', () => {
    expect(multiplyDecimal('1.5', '2000.25', 2)).toBe('3000.37')
    fc.assert(
      fc.property(decimal(18), decimal(8), (amount, price) => {
        const shown = toScaledInteger(multiplyDecimal(amount.text, price.text, 2), 2)!
        // The exact product, at the scale of both operands together.
        const exact = amount.units * price.units
        const scale = 10n ** BigInt(amount.scale + price.scale)
        expect(shown * scale).toBeLessThanOrEqual(exact * 100n)
        expect((shown + 1n) * scale).toBeGreaterThan(exact * 100n)
      }),
      runs,
    )
  })

  test('behavior: text that is not a decimal shows 0', () => {
    for (const bad of ['', '-1', '1e3', 'abc', '1,5'])
      expect(multiplyDecimal(bad, '2', 2), bad).toBe('0')
  })
})

describe('percentOf', () => {
  test('behavior: a percentage of an amount is exact, nothing rounded', () => {
    expect(percentOf('2949.40', '1')).toBe('29.494')
    fc.assert(
      fc.property(decimal(18), decimal(2), (amount, percent) => {
        const places = amount.scale + percent.scale + 2
        const share = toScaledInteger(percentOf(amount.text, percent.text), places)!
        // share × 100 = amount × percent, as exact fractions.
        expect(share * 100n * 10n ** BigInt(amount.scale + percent.scale)).toBe(
          amount.units * percent.units * 10n ** BigInt(places),
        )
      }),
      runs,
    )
  })
})
