import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  compareDecimals,
  formatDecimal,
  fromScaledInteger,
  multiplyDecimals,
  sumDecimals,
  toScaledInteger,
} from './decimal.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 200),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
}

const places = fc.integer({ min: 0, max: 30 })
const nonNegative = fc.bigInt({ min: 0n, max: 10n ** 60n })
const whole = fc.stringMatching(/^\d{1,25}$/)
const fraction = fc.stringMatching(/^\d{1,30}$/)
/** Every shape `toScaledInteger` reads: `1`, `1.`, `1.5`, `.5`. */
const decimal = fc.oneof(
  whole,
  whole.map((w) => `${w}.`),
  fc.tuple(whole, fraction).map(([w, f]) => `${w}.${f}`),
  fraction.map((f) => `.${f}`),
)

function sign(value: bigint): -1 | 0 | 1 {
  return value < 0n ? -1 : value > 0n ? 1 : 0
}

function fractionDigits(value: string): number {
  const dot = value.indexOf('.')
  return dot === -1 ? 0 : value.length - dot - 1
}

describe('toScaledInteger', () => {
  test('default', () => {
    expect(toScaledInteger('1.5', 18)).toBe(1_500_000_000_000_000_000n)
    expect(toScaledInteger('.5', 2)).toBe(50n)
    expect(toScaledInteger('1.', 2)).toBe(100n)
    expect(toScaledInteger('0', 0)).toBe(0n)
    expect(toScaledInteger('1.999', 2)).toBe(199n)
  })

  test('behavior: non-decimals are undefined', () => {
    for (const value of ['', '.', '-1', '1e3', '1,5', 'abc', ' 1', '1..2', '0x10']) {
      expect(toScaledInteger(value, 6)).toBeUndefined()
    }
  })

  test('behavior: round trip from a non-negative scaled integer', () => {
    fc.assert(
      fc.property(nonNegative, places, (value, decimals) => {
        expect(toScaledInteger(fromScaledInteger(value, decimals), decimals)).toBe(value)
      }),
      runs,
    )
  })

  test('behavior: round trip from a decimal with no more digits than the places', () => {
    fc.assert(
      fc.property(decimal, places, (value, decimals) => {
        fc.pre(fractionDigits(value) <= decimals)
        const scaled = toScaledInteger(value, decimals)
        expect(scaled).toBeDefined()
        const text = fromScaledInteger(scaled!, decimals)
        expect(compareDecimals(text, value)).toBe(0)
        expect(toScaledInteger(text, decimals)).toBe(scaled)
      }),
      runs,
    )
  })

  test('behavior: extra fraction digits are truncated, never rounded', () => {
    fc.assert(
      fc.property(decimal, places, (value, decimals) => {
        const scaled = toScaledInteger(value, decimals)!
        const exact = toScaledInteger(value, 60)!
        const factor = 10n ** BigInt(60 - decimals)
        expect(scaled).toBe(exact / factor)
      }),
      runs,
    )
  })
})

describe('fromScaledInteger', () => {
  test('default', () => {
    expect(fromScaledInteger(1_500_000_000_000_000_000n, 18)).toBe('1.5')
    expect(fromScaledInteger(0n, 18)).toBe('0')
    expect(fromScaledInteger(5n, 3)).toBe('0.005')
    expect(fromScaledInteger(1000n, 3)).toBe('1')
    expect(fromScaledInteger(123n, 0)).toBe('123')
    expect(fromScaledInteger(-15n, 1)).toBe('-1.5')
  })

  test('behavior: output has no trailing fraction zeros and at most `decimals` places', () => {
    fc.assert(
      fc.property(nonNegative, places, (value, decimals) => {
        const text = fromScaledInteger(value, decimals)
        expect(text).toMatch(/^\d+(\.\d*[1-9])?$/)
        expect(fractionDigits(text)).toBeLessThanOrEqual(decimals)
      }),
      runs,
    )
  })

  test('behavior: a negative value is the positive text with a minus sign', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 60n }), places, (value, decimals) => {
        expect(fromScaledInteger(-value, decimals)).toBe(`-${fromScaledInteger(value, decimals)}`)
      }),
      runs,
    )
  })
})

describe('compareDecimals', () => {
  test('default', () => {
    expect(compareDecimals('0.10', '0.1')).toBe(0)
    expect(compareDecimals('1.5', '2')).toBe(-1)
    expect(compareDecimals('10', '9.99999')).toBe(1)
    expect(compareDecimals('.5', '0.5')).toBe(0)
    expect(compareDecimals('1e3', '1')).toBeUndefined()
    expect(compareDecimals('1', '')).toBeUndefined()
  })

  test('behavior: agrees with bigint comparison of the scaled values', () => {
    fc.assert(
      fc.property(nonNegative, nonNegative, places, (a, b, decimals) => {
        const left = fromScaledInteger(a, decimals)
        const right = fromScaledInteger(b, decimals)
        expect(compareDecimals(left, right)).toBe(sign(a - b))
      }),
      runs,
    )
  })

  test('behavior: agrees with bigint comparison for decimals of different lengths', () => {
    fc.assert(
      fc.property(decimal, decimal, (left, right) => {
        const a = toScaledInteger(left, 60)!
        const b = toScaledInteger(right, 60)!
        expect(compareDecimals(left, right)).toBe(sign(a - b))
      }),
      runs,
    )
  })

  test('behavior: trailing zeros and leading zeros do not change the order', () => {
    fc.assert(
      fc.property(decimal, fc.nat({ max: 10 }), fc.nat({ max: 10 }), (value, lead, trail) => {
        const padded = `${'0'.repeat(lead)}${value.includes('.') ? value : `${value}.`}${'0'.repeat(trail)}`
        expect(compareDecimals(value, padded)).toBe(0)
      }),
      runs,
    )
  })

  test('behavior: antisymmetric', () => {
    fc.assert(
      fc.property(decimal, decimal, (left, right) => {
        const forward = compareDecimals(left, right)!
        const backward = compareDecimals(right, left)!
        expect(forward + backward).toBe(0)
      }),
      runs,
    )
  })
})

describe('formatDecimal', () => {
  test('default', () => {
    expect(formatDecimal('1.23456', 3)).toBe('1.234')
    expect(formatDecimal('1.9999', 3)).toBe('1.999')
    expect(formatDecimal('0.0009', 3)).toBe('0')
    expect(formatDecimal('2.5000', 3)).toBe('2.5')
    expect(formatDecimal('12', 6)).toBe('12')
  })

  test('parameters: places', () => {
    expect(formatDecimal('1.23456789', 6)).toBe('1.234567')
    expect(formatDecimal('1.23456789', 0)).toBe('1')
  })

  test('behavior: non-decimals come back unchanged', () => {
    for (const value of ['', 'abc', '1e3', '-1.5', '1,5']) {
      expect(formatDecimal(value, 3)).toBe(value)
    }
  })

  test('behavior: never rounds up, and loses less than one unit of the last place', () => {
    fc.assert(
      fc.property(decimal, places, (value, decimals) => {
        const shown = formatDecimal(value, decimals)
        expect(compareDecimals(shown, value)).not.toBe(1)
        const exact = toScaledInteger(value, 60)!
        const kept = toScaledInteger(shown, 60)!
        expect(exact - kept).toBeLessThan(10n ** BigInt(60 - decimals))
        expect(exact - kept).toBeGreaterThanOrEqual(0n)
      }),
      runs,
    )
  })

  test('behavior: at most `places` fraction digits and idempotent', () => {
    fc.assert(
      fc.property(decimal, places, (value, decimals) => {
        const shown = formatDecimal(value, decimals)
        expect(fractionDigits(shown)).toBeLessThanOrEqual(decimals)
        expect(formatDecimal(shown, decimals)).toBe(shown)
      }),
      runs,
    )
  })
})

describe('sumDecimals and multiplyDecimals (an account total in USD)', () => {
  const priced = fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.integer({ min: 0, max: 18 }))
    .map(([units, scale]) => ({ text: fromScaledInteger(units, scale), units, scale }))
  test('behavior: the total of token values is their exact sum, whatever their places', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3')
    expect(sumDecimals([])).toBe('0')
    fc.assert(
      fc.property(fc.array(priced, { maxLength: 12 }), (values) => {
        const places = 18
        const total = toScaledInteger(sumDecimals(values.map((value) => value.text)), places)!
        const exact = values.reduce(
          (sum, value) => sum + value.units * 10n ** BigInt(places - value.scale),
          0n,
        )
        expect(total).toBe(exact)
      }),
    )
  })

  test('behavior: a quantity at a price is cut to cents, never above the exact product', () => {
    fc.assert(
      fc.property(priced, priced, (quantity, price) => {
        const shown = toScaledInteger(multiplyDecimals(quantity.text, price.text, 2)!, 2)!
        const exact = quantity.units * price.units
        const scale = 10n ** BigInt(quantity.scale + price.scale)
        expect(shown * scale <= exact * 100n).toBe(true)
        expect((shown + 1n) * scale > exact * 100n).toBe(true)
      }),
    )
    expect(multiplyDecimals('1e3', '2', 2)).toBeUndefined()
  })
})
