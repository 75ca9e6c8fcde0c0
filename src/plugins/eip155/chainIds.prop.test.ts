import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { toEip155ChainId } from './chainIds.js'

const numRuns = Number(process.env.FUZZ_RUNS ?? 100)

describe('toEip155ChainId', () => {
  test('default', () => {
    expect(toEip155ChainId('0x1')).toBe(1)
    expect(toEip155ChainId('0x2105')).toBe(8453)
    expect(toEip155ChainId('0X2105')).toBeUndefined()
    expect(toEip155ChainId('8453')).toBe(8453)
    expect(toEip155ChainId('eip155:8453')).toBe(8453)
    expect(toEip155ChainId(8453)).toBe(8453)
    expect(toEip155ChainId('0x1fffffffffffff')).toBe(Number.MAX_SAFE_INTEGER)
  })

  test('behavior: 0xfff… and other ids outside the safe integers never become a number', () => {
    for (const value of [
      `0x${'f'.repeat(64)}`,
      '0x20000000000000',
      '9007199254740992',
      '1e3',
      '0x0',
      '0',
      '',
      '0x',
      ' 0x1',
      '+1',
      '01',
      Number.POSITIVE_INFINITY,
      Number.NaN,
      2 ** 53,
      0,
      -1,
      1.5,
      true,
      null,
      {},
      [1],
    ]) {
      expect(toEip155ChainId(value), String(value)).toBeUndefined()
    }
  })

  test('behavior: every safe positive integer reads back from hex, decimal and CAIP-2', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(toEip155ChainId(`0x${id.toString(16)}`)).toBe(id)
        expect(toEip155ChainId(String(id))).toBe(id)
        expect(toEip155ChainId(`eip155:${id}`)).toBe(id)
        expect(toEip155ChainId(id)).toBe(id)
      }),
      { numRuns },
    )
  })

  test('behavior: anything it accepts is a safe positive integer; it never throws', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.string(),
          fc.bigInt().map((value) => `0x${value.toString(16)}`),
        ),
        (value) => {
          const result = toEip155ChainId(value)
          if (result !== undefined) expect(Number.isSafeInteger(result) && result > 0).toBe(true)
        },
      ),
      { numRuns },
    )
  })
})
