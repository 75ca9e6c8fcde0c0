import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { caipAddressSchema, nameToRegisterSchema, registrationChainIdSchema } from './validation.js'
import { runs } from './validation.testSupport.js'

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
