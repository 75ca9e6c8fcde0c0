import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fromScaledInteger } from '../../kernel/index.js'
import { formatFiat } from './formatFiat.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 200),
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
}

/** The cents a formatted English amount shows (`$1,234.56` → 123456n). */
const centsOf = (shown: string) => BigInt(shown.replace(/[^\d]/g, ''))

describe('formatFiat', () => {
  test('behavior: a USD value shows its exact cents, cut not rounded, however large', () => {
    expect(formatFiat('en', '3000.5')).toBe('$3,000.50')
    expect(formatFiat('de', '1234.5')).toBe('1.234,50\u00a0$')
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.integer({ min: 2, max: 18 }),
        (units, scale) => {
          const usd = fromScaledInteger(units, scale)
          const cents = units / 10n ** BigInt(scale - 2)
          if (cents === 0n) return
          expect(centsOf(formatFiat('en', usd)!)).toBe(cents)
        },
      ),
      runs,
    )
  })

  test('behavior: a value under a cent is never shown as nothing; zero shows as zero', () => {
    expect(formatFiat('en', '0.004')).toBe('< $0.01')
    expect(formatFiat('en', '0')).toBe('$0.00')
  })

  test('behavior: text that is not a decimal shows no value at all', () => {
    for (const bad of ['', '-1', '1e3', 'NaN', '1,5', undefined, null]) {
      expect(formatFiat('en', bad), String(bad)).toBeNull()
    }
  })
})
