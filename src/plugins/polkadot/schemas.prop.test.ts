import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady, decodeAddress } from '@polkadot/util-crypto'
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  base58Alphabet,
  base58ToBytes,
  changeChecksumCharacter,
} from '../../../test/support/base58.js'
import { addressSchemaConformance } from '../../testing/conformance.js'
import { createPolkadotAddressSchema, polkadotAddressSchema } from './schemas.js'

const numRuns = Number(process.env.FUZZ_RUNS ?? 100)

beforeAll(async () => {
  await cryptoWaitReady()
})

const base58Character = fc.constantFrom(...base58Alphabet)
const _notBase58Character = fc
  .string({ minLength: 1, maxLength: 1, unit: 'grapheme' })
  .filter((character) => !base58Alphabet.includes(character))

/** Alice's public key under the Polkadot, Kusama and generic Substrate prefixes. */
const alice = {
  0: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
  2: 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F',
  42: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
} as const

/** Every SS58 prefix that can be encoded (46 and 47 are reserved), with the common ones favoured. */
const ss58Format = fc.oneof(
  fc.constantFrom(0, 2, 42),
  fc.integer({ min: 0, max: 16_383 }).filter((format) => format !== 46 && format !== 47),
)

/** A real account: a key pair made from a seed, encoded by `@polkadot/keyring`. */
const account = fc
  .record({
    type: fc.constantFrom('sr25519' as const, 'ed25519' as const),
    ss58Format,
    seed: fc.uint8Array({ minLength: 32, maxLength: 32 }),
  })
  .map(({ type, ss58Format, seed }) => ({
    ss58Format,
    address: new Keyring({ type, ss58Format }).addFromSeed(seed).address,
  }))

const accepts = (value: unknown) => polkadotAddressSchema.safeParse(value).success

describe('polkadotAddressSchema', () => {
  test('default', () => {
    expect(accepts(alice[0])).toBe(true)
    expect(accepts(alice[2])).toBe(true)
    expect(accepts(alice[42])).toBe(true)
    expect(accepts('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQZ')).toBe(false)
    expect(accepts('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQ')).toBe(false)
    expect(accepts('')).toBe(false)
  })

  test('behavior: rejects hex public keys and short account indices', () => {
    expect(accepts('0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d')).toBe(
      false,
    )
    // An 8-byte account index under prefix 0: a valid SS58 string, but not an account id.
    expect(accepts('12UyXA7eLNfro')).toBe(false)
  })

  test('behavior: rejects a changed character that breaks the checksum', () => {
    fc.assert(
      fc.property(
        account,
        fc.constantFrom(0 as const, 1 as const),
        fc.integer({ min: 1, max: 57 }),
        ({ address }, fromEnd, offset) => {
          const mutated = changeChecksumCharacter(address, fromEnd, offset, 2)
          fc.pre(mutated !== undefined)
          expect(mutated).not.toBe(address)
          // Same prefix and public key, so only the two checksum bytes differ.
          expect(decodeAddress(mutated, true)).toStrictEqual(decodeAddress(address))
          expect(accepts(mutated)).toBe(false)
        },
      ),
      { numRuns },
    )
  })

  test('behavior: rejects a wrong length', () => {
    fc.assert(
      fc.property(
        account,
        fc.oneof(fc.integer({ min: -12, max: -1 }), fc.integer({ min: 1, max: 12 })),
        fc.array(base58Character, { minLength: 12, maxLength: 12 }),
        ({ address }, change, extra) => {
          const mutated =
            change < 0 ? address.slice(0, change) : address + extra.slice(0, change).join('')
          const bytes = base58ToBytes(mutated)
          // An account address is the 1- or 2-byte prefix, the 32-byte key and a 2-byte checksum.
          const prefixLength = (bytes[0] ?? 0) & 0b0100_0000 ? 2 : 1
          fc.pre(bytes.length !== prefixLength + 32 + 2)
          expect(accepts(mutated)).toBe(false)
        },
      ),
      { numRuns },
    )
  })
})

describe('createPolkadotAddressSchema', () => {
  test('default', () => {
    const kusama = createPolkadotAddressSchema(2)
    expect(kusama.safeParse(alice[2]).success).toBe(true)
    expect(kusama.safeParse(alice[0]).success).toBe(false)
    expect(kusama.safeParse(alice[42]).success).toBe(false)
    expect(createPolkadotAddressSchema().safeParse(alice[0]).success).toBe(true)
  })

  test('parameters: ss58Prefix accepts real accounts on that prefix only', () => {
    fc.assert(
      fc.property(account, ss58Format, ({ address, ss58Format }, otherFormat) => {
        fc.pre(otherFormat !== ss58Format)
        expect(createPolkadotAddressSchema(ss58Format).safeParse(address).success).toBe(true)
        expect(createPolkadotAddressSchema(otherFormat).safeParse(address).success).toBe(false)
      }),
      { numRuns },
    )
  })

  test('parameters: ss58Prefix outside 0 to 16383 matches nothing', () => {
    for (const prefix of [-1, 16_384, 2.5, Number.NaN]) {
      expect(createPolkadotAddressSchema(prefix).safeParse(alice[42]).success).toBe(false)
    }
  })
})

describe('the address schema conformance checks (gangway/testing/conformance)', () => {
  const checks = addressSchemaConformance('polkadot', polkadotAddressSchema, {
    validAddresses: account.map(({ address }) => address),
    alphabet: base58Alphabet,
    // A 1- or 2-byte prefix, the 32-byte key and a 2-byte checksum in base58.
    length: { min: 46, max: 50 },
    numRuns,
  })
  for (const check of checks) test(check.name, check.run)
})
