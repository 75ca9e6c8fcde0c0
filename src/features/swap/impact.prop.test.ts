import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fromScaledInteger } from '../../kernel/index.js'
import { isValidSlippage, priceImpactLevelOf } from './rules.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 300),
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
}

describe('price impact and slippage (issue 22 defect 7)', () => {
  test('behavior: above 5 % warns, above 15 % needs a confirmation; 33 % never reads like 0.3 %', () => {
    expect(priceImpactLevelOf('0.3')).toBe('low')
    expect(priceImpactLevelOf('5')).toBe('low')
    expect(priceImpactLevelOf('5.01')).toBe('warning')
    expect(priceImpactLevelOf('15')).toBe('warning')
    expect(priceImpactLevelOf('33')).toBe('high')
    expect(priceImpactLevelOf('95')).toBe('high')
    expect(priceImpactLevelOf(null)).toBe('low')
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000n }), (hundredths) => {
        const level = priceImpactLevelOf(fromScaledInteger(hundredths, 2))
        expect(level).toBe(hundredths > 1500n ? 'high' : hundredths > 500n ? 'warning' : 'low')
      }),
      runs,
    )
  })

  test('behavior: a slippage is accepted above 0 and up to 50 % with two places at most, nothing else', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 9_999n }), (hundredths) => {
        expect(isValidSlippage(fromScaledInteger(hundredths, 2))).toBe(
          hundredths > 0n && hundredths <= 5_000n,
        )
      }),
      runs,
    )
    for (const bad of ['', '0', '0.00', '50.01', '-1', '1e1', '0.001', 'abc', '100', ' 1']) {
      expect(isValidSlippage(bad), bad).toBe(false)
    }
  })
})
