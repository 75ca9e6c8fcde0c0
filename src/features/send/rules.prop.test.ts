import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fromScaledInteger, maxSendable, toScaledInteger } from '../../kernel/index.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 300),
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
}

const units = fc.bigInt({ min: 0n, max: 10n ** 30n })
const decimals = fc.integer({ min: 0, max: 18 })

describe('maxSendable (Max)', () => {
  test('behavior: a native Max keeps the fee and a quarter more for gas, never goes below 0, and is the most that does', () => {
    expect(maxSendable({ balance: '1', fee: '0.0004', decimals: 18, isNative: true })).toBe(
      '0.9995',
    )
    fc.assert(
      fc.property(units, units, decimals, (balance, fee, places) => {
        const max = toScaledInteger(
          maxSendable({
            balance: fromScaledInteger(balance, places),
            fee: fromScaledInteger(fee, places),
            decimals: places,
            isNative: true,
          }),
          places,
        )!
        expect(max >= 0n).toBe(true)
        // What is left pays the fee with its margin: 4 × left ≥ 5 × fee.
        if (max > 0n) {
          expect(4n * (balance - max) >= 5n * fee).toBe(true)
          // One unit more would not leave it.
          expect(4n * (balance - max - 1n) < 5n * fee).toBe(true)
        } else {
          expect(4n * balance <= 5n * fee + 3n).toBe(true)
        }
      }),
      runs,
    )
  })

  test('behavior: a token Max is the whole balance, whatever the fee', () => {
    fc.assert(
      fc.property(units, units, decimals, (balance, fee, places) => {
        const text = fromScaledInteger(balance, places)
        expect(
          maxSendable({
            balance: text,
            fee: fromScaledInteger(fee, places),
            decimals: places,
            isNative: false,
          }),
        ).toBe(text)
      }),
      runs,
    )
  })

  test('behavior: a balance or fee that is not a decimal gives 0, never a guess', () => {
    expect(maxSendable({ balance: 'abc', fee: '0', decimals: 18, isNative: true })).toBe('0')
    expect(maxSendable({ balance: '1', fee: '-1', decimals: 18, isNative: true })).toBe('0')
  })
})
