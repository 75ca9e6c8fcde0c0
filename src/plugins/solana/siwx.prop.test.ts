import { ed25519 } from '@noble/curves/ed25519.js'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fromBase58, toBase58 } from './schemas.js'
import { createSolanaSiwxFamily } from './siwx.js'

const numRuns = Number(process.env.FUZZ_RUNS ?? 100)
const family = createSolanaSiwxFamily({
  networks: [{ id: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', walletChain: 'solana:mainnet' }],
})
const signal = new AbortController().signal
const fieldsFor = (accountAddress: string) => ({
  accountAddress,
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const,
  domain: 'shop.example',
  uri: 'https://shop.example',
  version: '1',
  nonce: 'Nonce12345',
})
const hex = (text: string) =>
  Uint8Array.from(text.match(/../g)!, (pair) => Number.parseInt(pair, 16))

/**
 * The eight points of small order on edwards25519, as libsodium's blocklist encodes them (two of
 * them also with the sign bit set), and the non-canonical encodings of the identity.
 */
const SMALL_ORDER_KEYS = [
  '0100000000000000000000000000000000000000000000000000000000000000',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  '0000000000000000000000000000000000000000000000000000000000000000',
  '0000000000000000000000000000000000000000000000000000000000000080',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85',
].map(hex)
/** R = the identity point, S = 0: what verifies for any message under a small-order key. */
const IDENTITY_SIGNATURE = new Uint8Array(64)
IDENTITY_SIGNATURE[0] = 1

describe('solana sign-in signatures', () => {
  test('behavior: a forged signature for a small-order key (the all-ones address among them) is refused for any message', async () => {
    expect(toBase58(SMALL_ORDER_KEYS[2]!)).toBe('11111111111111111111111111111111')
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SMALL_ORDER_KEYS),
        fc.string(),
        async (key, statement) => {
          const fields = { ...fieldsFor(toBase58(key)), statement }
          const message = family.createMessage(fields)
          const verified = await family.verifySignature(
            { message, signature: toBase58(IDENTITY_SIGNATURE), fields, now: Date.now() },
            signal,
          )
          expect(verified).toBe(false)
        },
      ),
      { numRuns },
    )
  })

  test('behavior: a real key signs: its signature verifies, the same signature over another message does not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.string(),
        fc.string(),
        async (secret, statement, other) => {
          fc.pre(statement !== other)
          const fields = { ...fieldsFor(toBase58(ed25519.getPublicKey(secret))), statement }
          const message = family.createMessage(fields)
          const signature = toBase58(ed25519.sign(new TextEncoder().encode(message), secret))
          expect(
            await family.verifySignature({ message, signature, fields, now: Date.now() }, signal),
          ).toBe(true)
          const otherFields = { ...fields, statement: other }
          const forged = {
            message: family.createMessage(otherFields),
            signature,
            fields: otherFields,
            now: Date.now(),
          }
          expect(await family.verifySignature(forged, signal)).toBe(false)
        },
      ),
      { numRuns },
    )
  })

  test('behavior: a signature whose S is not reduced (S + L, accepted by lax verifiers) is refused', async () => {
    const secret = new Uint8Array(32).fill(7)
    const fields = fieldsFor(toBase58(ed25519.getPublicKey(secret)))
    const message = family.createMessage(fields)
    const signature = ed25519.sign(new TextEncoder().encode(message), secret)
    const L = 2n ** 252n + 27742317777372353535851937790883648493n
    let s = 0n
    for (let index = 63; index >= 32; index--) s = (s << 8n) | BigInt(signature[index]!)
    let malleable = s + L
    const bytes = new Uint8Array(signature)
    for (let index = 32; index < 64; index++) {
      bytes[index] = Number(malleable & 0xffn)
      malleable >>= 8n
    }
    expect(fromBase58(toBase58(bytes))).toEqual(bytes)
    expect(
      await family.verifySignature(
        { message, signature: toBase58(bytes), fields, now: Date.now() },
        signal,
      ),
    ).toBe(false)
  })
})
