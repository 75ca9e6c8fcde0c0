import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { hasInsufficientBalance, hasInsufficientGas } from './funds.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 200),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
}

describe('hasInsufficientGas', () => {
  test('default', () => {
    expect(
      hasInsufficientGas({
        nativeBalance: '1',
        nativeBalanceUsd: 3000,
        gasCostUsd: 0.5,
        isSmartAccount: false,
      }),
    ).toBe(false)
  })

  test('behavior: zero native balance', () => {
    for (const nativeBalance of ['0', '0.000', '.0', '0.']) {
      expect(
        hasInsufficientGas({
          nativeBalance,
          nativeBalanceUsd: 10,
          gasCostUsd: 0,
          isSmartAccount: false,
        }),
      ).toBe(true)
    }
  })

  test('behavior: gas in USD above the native balance in USD', () => {
    expect(
      hasInsufficientGas({
        nativeBalance: '0.001',
        nativeBalanceUsd: 3,
        gasCostUsd: 3.01,
        isSmartAccount: false,
      }),
    ).toBe(true)
  })

  test('behavior: gas in USD equal to the native balance in USD is enough', () => {
    expect(
      hasInsufficientGas({
        nativeBalance: '0.001',
        nativeBalanceUsd: 3,
        gasCostUsd: 3,
        isSmartAccount: false,
      }),
    ).toBe(false)
  })

  test('behavior: an unreadable native balance counts as insufficient', () => {
    expect(
      hasInsufficientGas({
        nativeBalance: 'n/a',
        nativeBalanceUsd: 100,
        gasCostUsd: 1,
        isSmartAccount: false,
      }),
    ).toBe(true)
  })

  test('behavior: a smart account is never refused for gas', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom('0', '0.0', 'n/a', ''),
          fc.stringMatching(/^\d{1,10}(\.\d{1,10})?$/),
        ),
        fc.double({ noNaN: true }),
        fc.double({ noNaN: true }),
        (nativeBalance, nativeBalanceUsd, gasCostUsd) => {
          expect(
            hasInsufficientGas({
              nativeBalance,
              nativeBalanceUsd,
              gasCostUsd,
              isSmartAccount: true,
            }),
          ).toBe(false)
        },
      ),
      runs,
    )
  })

  test('behavior: with a positive balance, insufficient exactly when gas USD exceeds balance USD', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{0,10}[1-9](\.\d{1,10})?$/),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        (nativeBalance, nativeBalanceUsd, gasCostUsd) => {
          expect(
            hasInsufficientGas({
              nativeBalance,
              nativeBalanceUsd,
              gasCostUsd,
              isSmartAccount: false,
            }),
          ).toBe(gasCostUsd > nativeBalanceUsd)
        },
      ),
      runs,
    )
  })
})

describe('hasInsufficientBalance', () => {
  test('default', () => {
    expect(hasInsufficientBalance('1.5', '2')).toBe(true)
    expect(hasInsufficientBalance('2', '1.5')).toBe(false)
  })

  test('behavior: a balance equal to the amount is enough', () => {
    expect(hasInsufficientBalance('2', '2')).toBe(false)
    expect(hasInsufficientBalance('2.000', '2')).toBe(false)
    expect(hasInsufficientBalance('.5', '0.50')).toBe(false)
  })

  test('behavior: compares exactly, beyond floating-point precision', () => {
    expect(hasInsufficientBalance('0.100000000000000000', '0.100000000000000001')).toBe(true)
    expect(hasInsufficientBalance('9007199254740993', '9007199254740992')).toBe(false)
  })

  test('behavior: unreadable input counts as insufficient', () => {
    expect(hasInsufficientBalance('', '1')).toBe(true)
    expect(hasInsufficientBalance('1', 'abc')).toBe(true)
    expect(hasInsufficientBalance('1e3', '1')).toBe(true)
  })

  test('behavior: insufficient exactly when the balance is below the amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        (balance, amount, decimals) => {
          const scale = 10n ** BigInt(decimals)
          const text = (value: bigint) =>
            decimals === 0
              ? value.toString()
              : `${value / scale}.${(value % scale).toString().padStart(decimals, '0')}`
          expect(hasInsufficientBalance(text(balance), text(amount))).toBe(balance < amount)
        },
      ),
      runs,
    )
  })
})
