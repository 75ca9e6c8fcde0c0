import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { amountSchema, emailSchema, walletSendCallsSchema } from './validation.js'
import { runs } from './validation.testSupport.js'

describe('amountSchema', () => {
  const whole = fc.stringMatching(/^\d{1,20}$/)
  const fraction = fc.stringMatching(/^\d{1,20}$/)
  /** `1`, `1.`, `1.5` or `.5`: every shape the schema documents as a decimal. */
  const decimal = fc.oneof(
    whole,
    whole.map((w) => `${w}.`),
    fc.tuple(whole, fraction).map(([w, f]) => `${w}.${f}`),
    fraction.map((f) => `.${f}`),
  )
  const positive = decimal.filter((value) => /[1-9]/.test(value))

  test('default', () => {
    for (const value of ['1', '0.5', '.5', '1.', '100', '00.10', '123.456']) {
      expect(amountSchema.safeParse(value).success).toBe(true)
    }
    for (const value of ['0', '0.000', '.0', '-1', '1e3', '1,5', '', '.', ' 1', '1 ', 'abc']) {
      expect(amountSchema.safeParse(value).success).toBe(false)
    }
  })

  test('behavior: accepts generated decimals greater than 0', () => {
    fc.assert(
      fc.property(positive, (value) => {
        expect(amountSchema.safeParse(value).success).toBe(true)
      }),
      runs,
    )
  })

  test('behavior: rejects every spelling of zero', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^(0{1,10}(\.0{0,10})?|\.0{1,10})$/), (value) => {
        expect(amountSchema.safeParse(value).success).toBe(false)
      }),
      runs,
    )
  })

  test('behavior: rejects negatives', () => {
    fc.assert(
      fc.property(decimal, (value) => {
        expect(amountSchema.safeParse(`-${value}`).success).toBe(false)
      }),
      runs,
    )
  })

  test('behavior: rejects exponent notation', () => {
    fc.assert(
      fc.property(
        positive,
        fc.constantFrom('e', 'E'),
        fc.constantFrom('', '+', '-'),
        fc.nat({ max: 30 }),
        (value, e, sign, exponent) => {
          expect(amountSchema.safeParse(`${value}${e}${sign}${exponent}`).success).toBe(false)
        },
      ),
      runs,
    )
  })

  test('behavior: rejects commas', () => {
    fc.assert(
      fc.property(whole, fraction, (w, f) => {
        expect(amountSchema.safeParse(`${w},${f}`).success).toBe(false)
      }),
      runs,
    )
  })

  test('behavior: rejects surrounding whitespace', () => {
    fc.assert(
      fc.property(positive, fc.constantFrom(' ', '\t', '\n'), (value, space) => {
        expect(amountSchema.safeParse(`${space}${value}`).success).toBe(false)
        expect(amountSchema.safeParse(`${value}${space}`).success).toBe(false)
      }),
      runs,
    )
  })

  test('behavior: rejects empty and non-strings', () => {
    for (const value of ['', undefined, null, 1, 0.5]) {
      expect(amountSchema.safeParse(value).success).toBe(false)
    }
  })
})

describe('emailSchema', () => {
  const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/)
  const local = fc.stringMatching(/^[A-Za-z0-9_+-]{1,12}(\.[A-Za-z0-9_+-]{1,12}){0,2}$/)
  const tld = fc.stringMatching(/^[a-z]{2,6}$/)
  const email = fc
    .tuple(local, fc.array(label, { minLength: 1, maxLength: 3 }), tld)
    .map(([user, labels, top]) => `${user}@${labels.join('.')}.${top}`)

  test('default', () => {
    expect(emailSchema.safeParse('a@b.co').success).toBe(true)
    expect(emailSchema.safeParse('first.last@example.com').success).toBe(true)
    for (const value of ['', 'a@b', 'ab.co', 'a@@b.co', '@b.co', 'a@', ' a@b.co', 'a b@c.co']) {
      expect(emailSchema.safeParse(value).success).toBe(false)
    }
  })

  test('behavior: accepts generated addresses', () => {
    fc.assert(
      fc.property(email, (value) => {
        expect(emailSchema.safeParse(value).success).toBe(true)
      }),
      runs,
    )
  })

  test('behavior: rejects an address without its @', () => {
    fc.assert(
      fc.property(email, (value) => {
        expect(emailSchema.safeParse(value.replace('@', '')).success).toBe(false)
      }),
      runs,
    )
  })

  test('behavior: rejects an address with a second @', () => {
    fc.assert(
      fc.property(email, (value) => {
        expect(emailSchema.safeParse(value.replace('@', '@@')).success).toBe(false)
      }),
      runs,
    )
  })

  test('behavior: rejects an empty local part or a missing domain', () => {
    fc.assert(
      fc.property(email, (value) => {
        const [user = '', domain = ''] = value.split('@')
        expect(emailSchema.safeParse(`@${domain}`).success).toBe(false)
        expect(emailSchema.safeParse(`${user}@`).success).toBe(false)
      }),
      runs,
    )
  })

  test('behavior: rejects whitespace inside', () => {
    fc.assert(
      fc.property(email, fc.nat(), (value, at) => {
        const index = at % (value.length + 1)
        expect(
          emailSchema.safeParse(`${value.slice(0, index)} ${value.slice(index)}`).success,
        ).toBe(false)
      }),
      runs,
    )
  })
})

describe('walletSendCallsSchema', () => {
  const hex = fc.stringMatching(/^0x[0-9a-fA-F]{0,80}$/)
  const call = fc.record({ to: hex, data: hex })

  test('default', () => {
    expect(walletSendCallsSchema.safeParse({ calls: [{ to: '0x1', data: '0x' }] }).success).toBe(
      true,
    )
    expect(walletSendCallsSchema.safeParse({ calls: [] }).success).toBe(true)
    expect(
      walletSendCallsSchema.safeParse({ calls: [{ to: '0x1', data: '0x', value: '0x10' }] })
        .success,
    ).toBe(true)
    expect(walletSendCallsSchema.safeParse({ calls: [{ to: '1', data: '0x' }] }).success).toBe(
      false,
    )
    expect(walletSendCallsSchema.safeParse({ calls: [{ to: '0x1', data: '' }] }).success).toBe(
      false,
    )
    expect(walletSendCallsSchema.safeParse({ calls: [{ to: '0x1' }] }).success).toBe(false)
    expect(walletSendCallsSchema.safeParse({}).success).toBe(false)
  })

  test('behavior: accepts calls whose to and data start with 0x', () => {
    fc.assert(
      fc.property(fc.array(call, { maxLength: 5 }), (calls) => {
        expect(walletSendCallsSchema.safeParse({ calls }).success).toBe(true)
      }),
      runs,
    )
  })

  test('behavior: rejects a list where one to or data lacks the 0x prefix', () => {
    fc.assert(
      fc.property(
        fc.array(call, { minLength: 1, maxLength: 5 }),
        fc.nat(),
        fc.constantFrom('to', 'data'),
        fc.constantFrom('', '0X', 'x', '0', ' 0x'),
        (calls, at, field, prefix) => {
          const index = at % calls.length
          const mutated = calls.map((item, i) =>
            i === index ? { ...item, [field]: `${prefix}${item[field].slice(2)}` } : item,
          )
          expect(walletSendCallsSchema.safeParse({ calls: mutated }).success).toBe(false)
        },
      ),
      runs,
    )
  })
})
