import fc from 'fast-check'
import { expect, test } from 'vitest'
import { decodeCursor, encodeCursor } from '../../server/data/history.js'
import { HttpError } from '../../server/http.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 300),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const base58 = (length: number) =>
  fc
    .array(fc.constantFrom(...BASE58), { minLength: length, maxLength: length })
    .map((characters) => characters.join(''))

/** The chains a cursor may name: eip155 and solana (decision 0308). */
const chainId = fc.oneof(
  fc.integer({ min: 0, max: 999_999_999_999 }).map((id) => `eip155:${id}`),
  base58(32).map((reference) => `solana:${reference}`),
)

const cursor = fc.record({
  minedAt: fc.integer({ min: 0, max: 9_999_999_999_999 }),
  chainId,
  blockNumber: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  txIndex: fc.integer({ min: 0, max: 999_999_999 }),
})

const refused = (text: string) => {
  try {
    decodeCursor(text)
    return false
  } catch (error) {
    return error instanceof HttpError && error.status === 400
  }
}

test('property: every cursor the server writes, of either family, reads back as written', () => {
  fc.assert(
    fc.property(cursor, (written) => {
      expect(decodeCursor(encodeCursor(written))).toEqual(written)
    }),
    runs,
  )
})

test('property: a cursor naming a chain id no served family has is refused with 400', () => {
  const foreign = fc.oneof(
    // Another namespace, or solana with a reference of the wrong length or alphabet.
    fc
      .stringMatching(/^[a-z]{3,8}:[-_a-zA-Z0-9]{1,32}$/)
      .filter((id) => !id.startsWith('eip155:') && !id.startsWith('solana:')),
    base58(31).map((reference) => `solana:${reference}`),
    base58(33).map((reference) => `solana:${reference}`),
    fc
      .tuple(base58(31), fc.constantFrom('0', 'O', 'I', 'l', '_', '-'))
      .map(([reference, bad]) => `solana:${reference}${bad}`),
    fc.stringMatching(/^eip155:[0-9]{13,16}$/),
  )
  fc.assert(
    fc.property(cursor, foreign, (written, id) => {
      expect(refused(encodeCursor({ ...written, chainId: id }))).toBe(true)
    }),
    runs,
  )
})
