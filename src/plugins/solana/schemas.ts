/**
 * Zod schemas and decoding for Solana addresses. No chain library: this runs in the eager part.
 * @module
 */
import * as z from 'zod/mini'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const SHAPE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * The bytes a base58 string stands for; `undefined` for a character outside the alphabet.
 * @internal
 */
export function fromBase58(value: string): Uint8Array | undefined {
  let number = 0n
  for (const character of value) {
    const digit = ALPHABET.indexOf(character)
    if (digit < 0) return undefined
    number = number * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  for (; number > 0n; number >>= 8n) bytes.unshift(Number(number & 0xffn))
  // Each leading '1' is a leading zero byte (base58's rule).
  let zeros = 0
  while (value[zeros] === '1') zeros += 1
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes])
}

/**
 * The base58 text of bytes (the inverse of decoding an address).
 * @internal
 */
export function toBase58(bytes: Uint8Array): string {
  let number = 0n
  for (const byte of bytes) number = (number << 8n) | BigInt(byte)
  let text = ''
  for (; number > 0n; number /= 58n) text = ALPHABET[Number(number % 58n)] + text
  let zeros = 0
  while (bytes[zeros] === 0) zeros += 1
  return '1'.repeat(zeros) + text
}

/**
 * The 32 bytes of a Solana address (an ed25519 public key or a program-derived address).
 * @example
 * import { decodeSolanaAddress } from '@gangway/kit/solana'
 * decodeSolanaAddress('11111111111111111111111111111111')?.length // 32
 * @param address - a base58 address.
 * @returns the 32 bytes, or `undefined` when the text is not 32 to 44 base58 characters that
 * decode to exactly 32 bytes.
 */
export function decodeSolanaAddress(address: string): Uint8Array | undefined {
  if (!SHAPE.test(address)) return undefined
  const bytes = fromBase58(address)
  // Two spellings of one key are impossible in base58 except through leading '1's, which would
  // make the result longer than 32 bytes, so a length check is the whole canonical-form check.
  return bytes?.length === 32 ? bytes : undefined
}

/**
 * §5 Solana address: 32 to 44 base58 characters (the bitcoin alphabet, without `0`, `O`, `I` and
 * `l`) that decode to a 32-byte key. `44 × 'z'` has the shape but 33 bytes, and is refused.
 * @example
 * import { solanaAddressSchema } from '@gangway/kit/solana'
 * solanaAddressSchema.safeParse('So11111111111111111111111111111111111111112').success // true
 */
export const solanaAddressSchema = z.string().check(
  z.regex(SHAPE, { error: 'Invalid Solana address' }),
  z.refine((value) => decodeSolanaAddress(value) !== undefined, {
    error: 'Invalid Solana address',
  }),
)
