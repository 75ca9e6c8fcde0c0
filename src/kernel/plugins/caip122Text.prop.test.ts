import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { SiwxMessageFields } from '../domain.js'
import { KitError } from '../errors/KitError.js'
import { createCaip122Text, parseCaip122Text } from './caip122Text.js'

const FORMAT = { namespace: 'toy', accountLabel: 'Toy' } as const
const REFERENCE = /^[0-9a-f]{8}$/

const line = fc.string({ minLength: 1, maxLength: 40 }).filter((text) => !/[\n\r]/.test(text))
// A domain never holds the words that end it in the first line.
const domain = line.filter((text) => !text.includes(' wants you to sign in'))
const fields: fc.Arbitrary<SiwxMessageFields> = fc.record(
  {
    domain,
    accountAddress: line,
    statement: line,
    uri: line,
    version: line,
    chainId: fc.stringMatching(REFERENCE).map((reference) => `toy:${reference}` as const),
    nonce: line,
    issuedAt: line,
    expirationTime: line,
    notBefore: line,
    requestId: line,
    resources: fc.array(line, { minLength: 1, maxLength: 3 }),
  },
  {
    requiredKeys: ['domain', 'accountAddress', 'uri', 'version', 'chainId', 'nonce'],
  },
) as fc.Arbitrary<SiwxMessageFields>

describe('the generic CAIP-122 text', () => {
  test('property: what is written reads back as the same fields', () => {
    fc.assert(
      fc.property(fields, (input) => {
        expect(parseCaip122Text(FORMAT, createCaip122Text(FORMAT, input), REFERENCE)).toEqual(input)
      }),
    )
  })

  test('property: a line break in any field is refused, so the text cannot say what the fields do not', () => {
    const keys = ['domain', 'uri', 'version', 'nonce', 'statement', 'requestId'] as const
    fc.assert(
      fc.property(fields, fc.constantFrom(...keys), line, (input, key, text) => {
        const forged = { ...input, [key]: `${text}\nURI: https://attacker.example` }
        expect(() => createCaip122Text(FORMAT, forged)).toThrow(KitError)
      }),
    )
  })

  test('property: another chain label, a chain reference the family does not accept, or a trailing line read as no sign-in', () => {
    fc.assert(
      fc.property(fields, (input) => {
        const text = createCaip122Text(FORMAT, input)
        expect(parseCaip122Text({ ...FORMAT, accountLabel: 'Other' }, text, REFERENCE)).toBe(
          undefined,
        )
        expect(parseCaip122Text(FORMAT, text, /^[0-9a-f]{32}$/)).toBe(undefined)
        expect(parseCaip122Text(FORMAT, `${text}\nExtra: line`, REFERENCE)).toBe(undefined)
      }),
    )
  })

  test('behavior: a network of another namespace is NETWORK_NOT_FOUND', () => {
    const [input] = fc.sample(fields, 1) as [SiwxMessageFields]
    expect(() => createCaip122Text(FORMAT, { ...input, chainId: 'eip155:1' })).toThrow(
      expect.objectContaining({ code: 'NETWORK_NOT_FOUND' }),
    )
  })
})
