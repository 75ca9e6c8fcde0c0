import { Keypair, PublicKey } from '@solana/web3.js'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { base58ToBytes } from '../../../test/support/base58.js'
import { chainPluginConformance } from '../../testing/conformance.js'
import { solana } from './plugin.js'
import { decodeSolanaAddress, solanaAddressSchema } from './schemas.js'

const numRuns = Number(process.env.FUZZ_RUNS ?? 100)

const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const base58Character = fc.constantFrom(...base58Alphabet)
const _notBase58Character = fc
  .string({ minLength: 1, maxLength: 1, unit: 'grapheme' })
  .filter((character) => !base58Alphabet.includes(character))

const seed = fc.uint8Array({ minLength: 32, maxLength: 32 })
/** A real wallet address: the base58 public key of an ed25519 key pair. */
const walletAddress = seed.map((bytes) => Keypair.fromSeed(bytes).publicKey.toBase58())
/** Any 32 bytes as a base58 public key, on the curve or not (program-derived addresses). */
const anyPublicKey = seed.map((bytes) => new PublicKey(bytes).toBase58())
const realAddress = fc.oneof(walletAddress, anyPublicKey)

const accepts = (value: unknown) => solanaAddressSchema.safeParse(value).success

const _replaceAt = (value: string, index: number, character: string) =>
  value.slice(0, index) + character + value.slice(index + 1)

describe('solanaAddressSchema', () => {
  test('default', () => {
    expect(accepts('So11111111111111111111111111111111111111112')).toBe(true)
    expect(accepts('11111111111111111111111111111111')).toBe(true)
    expect(accepts('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(true)
    expect(accepts('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10')).toBe(false)
    expect(accepts('1111111111111111111111111111111')).toBe(false)
    expect(accepts('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vX')).toBe(false)
    expect(accepts('')).toBe(false)
  })

  test('behavior: accepts exactly the base58 strings of 32 to 44 characters that decode to 32 bytes', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: base58Character, minLength: 28, maxLength: 48 }),
          fc.string({ minLength: 28, maxLength: 48 }),
          realAddress,
        ),
        (value) => {
          const expected =
            value.length >= 32 &&
            value.length <= 44 &&
            [...value].every((character) => base58Alphabet.includes(character)) &&
            base58ToBytes(value).length === 32
          expect(accepts(value)).toBe(expected)
        },
      ),
      { numRuns },
    )
  })

  test('behavior: decodes a real key to the 32 bytes web3.js holds', () => {
    fc.assert(
      fc.property(seed, (bytes) => {
        const key = Keypair.fromSeed(bytes).publicKey
        expect(decodeSolanaAddress(key.toBase58())).toEqual(Uint8Array.from(key.toBytes()))
      }),
      { numRuns },
    )
  })

  test('behavior: a well-shaped address that does not decode to 32 bytes is refused', () => {
    // 44 × 'z' is 58^44 − 1 > 2^256: the shape of §5 but a 33-byte number.
    expect(accepts('z'.repeat(44))).toBe(false)
    // 32 × '1' is 32 zero bytes (the system program); one more leading '1' is 33 bytes.
    expect(accepts('1'.repeat(32))).toBe(true)
    expect(accepts(`1${'1'.repeat(32)}`)).toBe(false)
    fc.assert(
      fc.property(walletAddress, (address) => {
        // A leading '1' adds a zero byte: the same key can never be spelled two ways.
        expect(accepts(`1${address}`)).toBe(false)
      }),
      { numRuns },
    )
  })
})

describe('the chain plugin conformance checks (gangway/testing/conformance)', () => {
  const checks = chainPluginConformance(solana(), {
    validAddresses: realAddress,
    alphabet: base58Alphabet,
    length: { min: 32, max: 44 },
    // §5's shape, but not 32 bytes: a leading '1' adds a zero byte.
    invalidAddresses: walletAddress.map((address) => `1${address}`),
    numRuns,
  })
  for (const check of checks) test(check.name, check.run)
})
