import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { basisPointsToPercent, minimumReceived, percentToBasisPoints } from './convertRules.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 300),
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
}
const slippageBasisPoints = fc.bigInt({ min: 0n, max: 5_000n })

describe('minimumReceived', () => {
  test('default', () => {
    expect(minimumReceived(1_000_000n, 100n)).toBe(990_000n)
    expect(() => minimumReceived(1n, 10_001n)).toThrow(RangeError)
  })

  test('behavior: never above the quote, and within one base unit of quote × (1 − slippage)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), slippageBasisPoints, (quoted, bps) => {
        const minimum = minimumReceived(quoted, bps)
        expect(minimum).toBeLessThanOrEqual(quoted)
        expect(minimum * 10_000n).toBeLessThanOrEqual(quoted * (10_000n - bps))
        expect((minimum + 1n) * 10_000n).toBeGreaterThan(quoted * (10_000n - bps))
      }),
      runs,
    )
  })
})

test('behavior: percentages read exactly as basis points, and are written back the same', () => {
  expect(percentToBasisPoints('1')).toBe(100n)
  expect(percentToBasisPoints('0.85')).toBe(85n)
  expect(percentToBasisPoints('0.5')).toBe(50n)
  expect(percentToBasisPoints('100')).toBe(10_000n)
  for (const bad of ['', '1.234', '-1', '101', 'x', '1e2']) {
    expect(percentToBasisPoints(bad), bad).toBeUndefined()
  }
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 10_000n }), (bps) => {
      const text = `${bps / 100n}.${String(bps % 100n).padStart(2, '0')}`
      expect(percentToBasisPoints(text)).toBe(bps)
      expect(percentToBasisPoints(basisPointsToPercent(bps))).toBe(bps)
    }),
    runs,
  )
})
