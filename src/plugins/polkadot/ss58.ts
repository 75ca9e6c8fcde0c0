/**
 * The structure of SS58 addresses, read without a hash function: base58, the 1- or 2-byte network
 * prefix, a 32-byte account id and a 2-byte checksum. The checksum itself (blake2b-512, 3 KB of
 * code) is checked by the plugin's lazily loaded part (`checkAddress`, every account a wallet
 * reports), so a page that registers the plugin pays only for this.
 * @module
 */
import * as z from 'zod/mini'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** An account address is 35 or 36 bytes: 46 to 48 base58 characters, 50 at most. */
const SHAPE = /^[1-9A-HJ-NP-Za-km-z]{46,50}$/

/** What an SS58 account address says, its checksum unchecked. @internal */
export interface Ss58Structure {
  /** The network prefix, 0 to 16383 (46 and 47 are reserved and never read). */
  readonly prefix: number
  /** The 32-byte account id (a public key, or the blake2-256 hash of an ecdsa one). */
  readonly accountId: Uint8Array
  /** The decoded address: prefix, account id and the 2 checksum bytes. */
  readonly bytes: Uint8Array
}

function fromBase58(text: string): Uint8Array | undefined {
  let number = 0n
  for (const character of text) {
    const digit = ALPHABET.indexOf(character)
    if (digit < 0) return undefined
    number = number * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  for (; number > 0n; number >>= 8n) bytes.unshift(Number(number & 0xffn))
  let zeros = 0
  while (text[zeros] === '1') zeros += 1
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes])
}

/**
 * The prefix and account id of an SS58 account address, its checksum not checked; `undefined`
 * for anything that is not base58 of a 1- or 2-byte prefix, 32 bytes and 2 checksum bytes (hex
 * public keys and short account indices included), or that names a reserved prefix.
 * @internal
 */
export function readSs58(address: string): Ss58Structure | undefined {
  if (!SHAPE.test(address)) return undefined
  const bytes = fromBase58(address)
  const first = bytes?.[0]
  if (!bytes || first === undefined || first >= 128) return undefined
  // A first byte from 64 on is a 14-bit prefix spread over two bytes (the SS58 specification).
  const second = bytes[1] ?? 0
  const [prefix, length] =
    first < 64
      ? [first, 1]
      : [((first & 0b0011_1111) << 2) | (second >> 6) | ((second & 0b0011_1111) << 8), 2]
  if (bytes.length !== length + 32 + 2 || prefix === 46 || prefix === 47) return undefined
  return { prefix, accountId: bytes.subarray(length, length + 32), bytes }
}

/**
 * The plugin's address schema: an SS58 account address on one of `prefixes` (the site's
 * networks'). The checksum is checked where the plugin's code has loaded (see the module note).
 * @internal
 */
export function createSs58ShapeSchema(prefixes: readonly number[]): z.ZodMiniType<string> {
  return z.string().check(
    z.refine(
      (value) => {
        const read = readSs58(value)
        return read !== undefined && prefixes.includes(read.prefix)
      },
      { error: 'Invalid Polkadot address' },
    ),
  )
}
