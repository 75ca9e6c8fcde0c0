import fc from 'fast-check'
import { isAddress, numberToHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { chainPluginConformance } from '../../testing/conformance.js'
import { eip155 } from './plugin.js'
import { eip155AddressSchema, eip155NetworkIdSchema } from './schemas.js'

const numRuns = Number(process.env.FUZZ_RUNS ?? 100)

/** The order of secp256k1: valid private keys are 1 to n - 1. */
const secp256k1Order = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

/** A real EIP-55 checksummed address, derived from a private key in range. */
const realAddress = fc
  .bigInt({ min: 1n, max: secp256k1Order - 1n })
  .map((key) => privateKeyToAddress(numberToHex(key, { size: 32 })))

const hexDigit = fc.constantFrom(...'0123456789abcdefABCDEF')
const _notHexCharacter = fc
  .string({ minLength: 1, maxLength: 1, unit: 'grapheme' })
  .filter((character) => !/^[0-9a-fA-F]$/.test(character))

const accepts = (value: unknown) => eip155AddressSchema.safeParse(value).success
/** The oracle: viem's non-strict check on the 0x-prefixed form. */
const oracle = (value: string) =>
  isAddress(value.startsWith('0x') ? value : `0x${value}`, { strict: false })

const _replaceAt = (value: string, index: number, character: string) =>
  value.slice(0, index) + character + value.slice(index + 1)

describe('eip155AddressSchema', () => {
  test('default', () => {
    expect(accepts('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).toBe(true)
    expect(accepts('ab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb')).toBe(true)
    expect(accepts('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcd')).toBe(false)
    expect(accepts('0Xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).toBe(false)
    expect(accepts('')).toBe(false)
  })

  test('behavior: accepts addresses derived from real private keys, with or without 0x', () => {
    fc.assert(
      fc.property(realAddress, (address) => {
        const body = address.slice(2)
        expect(accepts(address)).toBe(true)
        expect(accepts(address.toLowerCase())).toBe(true)
        expect(accepts(body)).toBe(true)
        expect(accepts(body.toLowerCase())).toBe(true)
        expect(accepts(`0x${body.toUpperCase()}`)).toBe(true)
      }),
      { numRuns },
    )
  })

  test('behavior: accepts any letter case (the EIP-55 checksum is not required)', () => {
    fc.assert(
      fc.property(
        realAddress,
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        (address, upper) => {
          const body = [...address.slice(2)]
            .map((character, index) =>
              upper[index] ? character.toUpperCase() : character.toLowerCase(),
            )
            .join('')
          expect(accepts(`0x${body}`)).toBe(true)
          expect(accepts(body)).toBe(true)
        },
      ),
      { numRuns },
    )
  })

  test('behavior: rejects a wrong length', () => {
    fc.assert(
      fc.property(
        realAddress,
        fc.oneof(fc.integer({ min: -40, max: -1 }), fc.integer({ min: 1, max: 40 })),
        fc.array(hexDigit, { minLength: 40, maxLength: 40 }),
        fc.boolean(),
        (address, change, extra, prefixed) => {
          const body = address.slice(2)
          const mutated =
            change < 0 ? body.slice(0, change) : body + extra.slice(0, change).join('')
          expect(mutated.length).not.toBe(40)
          const value = prefixed ? `0x${mutated}` : mutated
          expect(accepts(value)).toBe(false)
          expect(oracle(value)).toBe(false)
        },
      ),
      { numRuns },
    )
  })

  test('behavior: agrees with viem isAddress (non-strict) on the 0x-prefixed form', () => {
    const candidate = fc.oneof(
      fc.string(),
      fc.string({ unit: hexDigit, minLength: 38, maxLength: 42 }),
      fc.string({ unit: hexDigit, minLength: 38, maxLength: 42 }).map((body) => `0x${body}`),
      realAddress,
      realAddress.map((address) => address.slice(2)),
    )
    fc.assert(
      fc.property(candidate, (value) => {
        expect(accepts(value)).toBe(oracle(value))
      }),
      { numRuns },
    )
  })
})

describe('eip155NetworkIdSchema', () => {
  const acceptsId = (value: unknown) => eip155NetworkIdSchema.safeParse(value).success

  test('default', () => {
    expect(acceptsId('eip155:1')).toBe(true)
    expect(acceptsId('eip155:1313161554')).toBe(true)
    expect(acceptsId('eip155:0')).toBe(false)
    expect(acceptsId('eip155:01')).toBe(false)
    expect(acceptsId('eip155:-1')).toBe(false)
    expect(acceptsId('eip155:1.5')).toBe(false)
    expect(acceptsId('eip155:')).toBe(false)
    expect(acceptsId('solana:1')).toBe(false)
    expect(acceptsId('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).toBe(false)
  })

  test('behavior: accepts every positive decimal chain id', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 256n }), (chainId) => {
        expect(acceptsId(`eip155:${chainId}`)).toBe(true)
      }),
      { numRuns },
    )
  })

  test('behavior: rejects zero, signs, leading zeros and other namespaces', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 2n ** 64n }),
        fc.constantFrom(
          () => 'eip155:0',
          (id: bigint) => `eip155:0${id}`,
          (id: bigint) => `eip155:-${id}`,
          (id: bigint) => `eip155:+${id}`,
          (id: bigint) => `eip155:${id}.0`,
          (id: bigint) => `eip155:0x${id.toString(16)}`,
          (id: bigint) => `EIP155:${id}`,
          (id: bigint) => `eip155: ${id}`,
          (id: bigint) => `solana:${id}`,
          (id: bigint) => `${id}`,
        ),
        (chainId, mutate) => {
          expect(acceptsId(mutate(chainId))).toBe(false)
        },
      ),
      { numRuns },
    )
  })

  test('behavior: never throws, and rejects every non-string', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const result = eip155NetworkIdSchema.safeParse(value)
        if (typeof value !== 'string') expect(result.success).toBe(false)
      }),
      { numRuns },
    )
  })
})

describe('the chain plugin conformance checks (gangway/testing/conformance)', () => {
  const checks = chainPluginConformance(eip155(), {
    validAddresses: fc.oneof(
      realAddress,
      realAddress.map((address) => address.toLowerCase()),
    ),
    alphabet: '0123456789abcdefABCDEFx',
    length: { min: 40, max: 42 },
    numRuns,
  })
  for (const check of checks) test(check.name, check.run)
})
