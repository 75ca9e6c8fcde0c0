import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { SOCIAL_PROVIDERS, type SocialProvider } from '../constants.js'
import {
  amountSchema,
  caipAddressSchema,
  emailSchema,
  filterSocialsForTelegram,
  nameToRegisterSchema,
  registrationChainIdSchema,
  type TelegramPlatform,
  walletSendCallsSchema,
} from './validation.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 200),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
}

/** A single character that is neither a letter, a digit nor a hyphen in any script. */
const otherChar = fc
  .string({ unit: 'binary', minLength: 1, maxLength: 1 })
  .filter((char) => !/^[\p{L}\p{N}-]$/u.test(char))

describe('nameToRegisterSchema', () => {
  test('default', () => {
    expect(nameToRegisterSchema.safeParse('my-name').success).toBe(true)
    expect(nameToRegisterSchema.safeParse('abcd').success).toBe(true)
    expect(nameToRegisterSchema.safeParse('abc').success).toBe(false)
    expect(nameToRegisterSchema.safeParse('my name').success).toBe(false)
    expect(nameToRegisterSchema.safeParse('my_name').success).toBe(false)
    expect(nameToRegisterSchema.safeParse('my.name').success).toBe(false)
    expect(nameToRegisterSchema.safeParse('').success).toBe(false)
  })

  test('behavior: accepts generated names of 4+ letters, digits and hyphens', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9-]{4,40}$/), (name) => {
        expect(nameToRegisterSchema.safeParse(name).success).toBe(true)
      }),
      runs,
    )
  })

  test('behavior: rejects names shorter than 4 characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9-]{0,3}$/), (name) => {
        expect(nameToRegisterSchema.safeParse(name).success).toBe(false)
      }),
      runs,
    )
  })

  test('behavior: rejects a valid name with any other character inserted', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9-]{4,20}$/),
        otherChar,
        fc.nat(),
        (name, char, at) => {
          const index = at % (name.length + 1)
          const mutated = `${name.slice(0, index)}${char}${name.slice(index)}`
          expect(nameToRegisterSchema.safeParse(mutated).success).toBe(false)
        },
      ),
      runs,
    )
  })

  test('behavior: rejects non-strings', () => {
    for (const value of [undefined, null, 1234, ['abcd']]) {
      expect(nameToRegisterSchema.safeParse(value).success).toBe(false)
    }
  })
})

describe('registrationChainIdSchema', () => {
  test('default', () => {
    expect(registrationChainIdSchema.safeParse(0).success).toBe(true)
    expect(registrationChainIdSchema.safeParse(1).success).toBe(true)
    expect(registrationChainIdSchema.safeParse(2147483647).success).toBe(true)
    expect(registrationChainIdSchema.safeParse(2147483648).success).toBe(false)
  })

  test('behavior: accepts every integer in [0, 2147483648)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2147483647 }), (chainId) => {
        expect(registrationChainIdSchema.safeParse(chainId).success).toBe(true)
      }),
      runs,
    )
  })

  test('behavior: rejects integers at or above 2147483648', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2147483648, max: Number.MAX_SAFE_INTEGER }), (chainId) => {
        expect(registrationChainIdSchema.safeParse(chainId).success).toBe(false)
      }),
      runs,
    )
  })

  test('behavior: rejects negative integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }), (chainId) => {
        expect(registrationChainIdSchema.safeParse(chainId).success).toBe(false)
      }),
      runs,
    )
  })

  test('behavior: rejects non-integers', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2147483647, noNaN: true }).filter((n) => !Number.isInteger(n)),
        (chainId) => {
          expect(registrationChainIdSchema.safeParse(chainId).success).toBe(false)
        },
      ),
      runs,
    )
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, '1', null, 1n]) {
      expect(registrationChainIdSchema.safeParse(value).success).toBe(false)
    }
  })
})

describe('caipAddressSchema', () => {
  /** A non-empty CAIP part: anything without a colon. */
  const part = fc.string({ minLength: 1, maxLength: 20 }).filter((value) => !value.includes(':'))
  const namespaces = fc.uniqueArray(part, { minLength: 1, maxLength: 5 })
  const valid = namespaces.chain((known) =>
    fc.record({
      known: fc.constant(known),
      namespace: fc.constantFrom(...known),
      reference: part,
      address: part,
    }),
  )

  test('default', () => {
    const schema = caipAddressSchema(['eip155', 'solana'])
    expect(schema.safeParse('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb').success).toBe(
      true,
    )
    expect(schema.safeParse('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:abc').success).toBe(true)
    expect(schema.safeParse('eip155:1').success).toBe(false)
    expect(schema.safeParse('eip155:1:0xabc:extra').success).toBe(false)
    expect(schema.safeParse('eip155::0xabc').success).toBe(false)
    expect(schema.safeParse('polkadot:91b171bb158e2d3848fa23a9f1c25182:5Grw').success).toBe(false)
    expect(schema.safeParse(42).success).toBe(false)
  })

  test('behavior: accepts three non-empty parts with a known namespace', () => {
    fc.assert(
      fc.property(valid, ({ known, namespace, reference, address }) => {
        const schema = caipAddressSchema(known)
        expect(schema.safeParse(`${namespace}:${reference}:${address}`).success).toBe(true)
      }),
      runs,
    )
  })

  test('behavior: rejects two parts', () => {
    fc.assert(
      fc.property(valid, ({ known, namespace, reference }) => {
        expect(caipAddressSchema(known).safeParse(`${namespace}:${reference}`).success).toBe(false)
      }),
      runs,
    )
  })

  test('behavior: rejects four parts', () => {
    fc.assert(
      fc.property(valid, part, ({ known, namespace, reference, address }, extra) => {
        const schema = caipAddressSchema(known)
        expect(schema.safeParse(`${namespace}:${reference}:${address}:${extra}`).success).toBe(
          false,
        )
      }),
      runs,
    )
  })

  test('behavior: rejects an empty part', () => {
    fc.assert(
      fc.property(
        valid,
        fc.integer({ min: 0, max: 2 }),
        ({ known, namespace, reference, address }, empty) => {
          const parts = [namespace, reference, address]
          parts[empty] = ''
          expect(caipAddressSchema(known).safeParse(parts.join(':')).success).toBe(false)
        },
      ),
      runs,
    )
  })

  test('behavior: rejects an unknown namespace', () => {
    fc.assert(
      fc.property(valid, part, ({ known, reference, address }, namespace) => {
        fc.pre(!known.includes(namespace))
        const schema = caipAddressSchema(known)
        expect(schema.safeParse(`${namespace}:${reference}:${address}`).success).toBe(false)
      }),
      runs,
    )
  })

  test('parameters: namespaces (none known rejects everything)', () => {
    fc.assert(
      fc.property(valid, ({ namespace, reference, address }) => {
        expect(
          caipAddressSchema([]).safeParse(`${namespace}:${reference}:${address}`).success,
        ).toBe(false)
      }),
      runs,
    )
  })
})

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

describe('filterSocialsForTelegram', () => {
  const socials = fc.subarray([...SOCIAL_PROVIDERS])
  const platform = fc.constantFrom<TelegramPlatform | null>('ios', 'mac', 'android', 'other', null)

  /** Whether `sub` is `list` with some entries left out, order kept. */
  function isSubsequence<TItem>(sub: readonly TItem[], list: readonly TItem[]): boolean {
    let i = 0
    for (const item of list) if (i < sub.length && sub[i] === item) i++
    return i === sub.length
  }

  test('default', () => {
    const all = [...SOCIAL_PROVIDERS]
    expect(filterSocialsForTelegram(all, 'ios')).toEqual([
      'x',
      'discord',
      'farcaster',
      'github',
      'apple',
      'facebook',
    ])
    expect(filterSocialsForTelegram(all, 'mac')).toEqual([
      'google',
      'discord',
      'farcaster',
      'github',
      'apple',
      'facebook',
    ])
    expect(filterSocialsForTelegram(all, 'android')).toEqual([
      'google',
      'discord',
      'farcaster',
      'github',
      'apple',
    ])
    expect(filterSocialsForTelegram(all, null)).toEqual(all)
  })

  test('behavior: iOS removes google only', () => {
    fc.assert(
      fc.property(socials, (list) => {
        expect(filterSocialsForTelegram(list, 'ios')).toEqual(list.filter((s) => s !== 'google'))
      }),
      runs,
    )
  })

  test('behavior: Mac removes x only', () => {
    fc.assert(
      fc.property(socials, (list) => {
        expect(filterSocialsForTelegram(list, 'mac')).toEqual(list.filter((s) => s !== 'x'))
      }),
      runs,
    )
  })

  test('behavior: Android removes facebook and x only', () => {
    fc.assert(
      fc.property(socials, (list) => {
        expect(filterSocialsForTelegram(list, 'android')).toEqual(
          list.filter((s) => s !== 'facebook' && s !== 'x'),
        )
      }),
      runs,
    )
  })

  test('behavior: outside Telegram the list is unchanged (a copy)', () => {
    fc.assert(
      fc.property(socials, (list) => {
        const result = filterSocialsForTelegram(list, null)
        expect(result).toEqual(list)
        expect(result).not.toBe(list)
      }),
      runs,
    )
  })

  test('behavior: the result is a subsequence of the input in the same order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<SocialProvider>(...SOCIAL_PROVIDERS), { maxLength: 14 }),
        platform,
        (list, where) => {
          const result = filterSocialsForTelegram(list, where)
          expect(isSubsequence(result, list)).toBe(true)
        },
      ),
      runs,
    )
  })

  test('behavior: does not mutate its input', () => {
    fc.assert(
      fc.property(socials, platform, (list, where) => {
        const before = [...list]
        filterSocialsForTelegram(Object.freeze(list), where)
        expect(list).toEqual(before)
      }),
      runs,
    )
  })
})
