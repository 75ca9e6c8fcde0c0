import { describe, expect, test } from 'vitest'
import { checkSwapInput } from './rules.js'

describe('checkSwapInput', () => {
  const token = Object.freeze({
    address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    decimals: 6,
  })
  const validSwap = Object.freeze({ amount: '1', toTokenPrice: 1, source: token, to: token })

  test('default', () => {
    expect(checkSwapInput(validSwap)).toBeNull()
  })

  test('behavior: amount must be greater than 0', () => {
    for (const amount of ['0', '0.0', '', '-1', '1e3']) {
      expect(checkSwapInput({ ...validSwap, amount })).toBe('INVALID_AMOUNT')
    }
  })

  test('behavior: destination price must be above 0', () => {
    for (const toTokenPrice of [0, -1, Number.NaN]) {
      expect(checkSwapInput({ ...validSwap, toTokenPrice })).toBe('TRANSACTION_BUILD_FAILED')
    }
  })

  test('behavior: both tokens need an address and decimals', () => {
    for (const side of ['source', 'to'] as const) {
      expect(checkSwapInput({ ...validSwap, [side]: null })).toBe('TRANSACTION_BUILD_FAILED')
      expect(checkSwapInput({ ...validSwap, [side]: { ...token, address: '' } })).toBe(
        'TRANSACTION_BUILD_FAILED',
      )
      expect(checkSwapInput({ ...validSwap, [side]: { ...token, address: null } })).toBe(
        'TRANSACTION_BUILD_FAILED',
      )
      expect(checkSwapInput({ ...validSwap, [side]: { address: token.address } })).toBe(
        'TRANSACTION_BUILD_FAILED',
      )
      expect(checkSwapInput({ ...validSwap, [side]: { ...token, decimals: null } })).toBe(
        'TRANSACTION_BUILD_FAILED',
      )
    }
  })

  test('behavior: 0 decimals is a value, not a missing one', () => {
    expect(checkSwapInput({ ...validSwap, to: { ...token, decimals: 0 } })).toBeNull()
  })

  test('behavior: the amount is checked first', () => {
    expect(checkSwapInput({ amount: '0', toTokenPrice: 0, source: null, to: null })).toBe(
      'INVALID_AMOUNT',
    )
  })
})
