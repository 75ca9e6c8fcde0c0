/**
 * Zod schemas for Polkadot and Substrate (`polkadot`) SS58 addresses, checksum included. They
 * hash with `@noble/hashes` (no `@polkadot/*` import, whose packages initialise themselves on
 * import), so importing `@gangway/kit/polkadot` for the plugin costs a page nothing of them.
 * @module
 */
import { blake2b } from '@noble/hashes/blake2.js'
import * as z from 'zod/mini'
import { readSs58 } from './ss58.js'

/** What SS58 hashes before the payload: the bytes of "SS58PRE". */
const CHECKSUM_PREFIX = new TextEncoder().encode('SS58PRE')

/** The SS58 network prefixes that exist: 0 to 16383. */
const isSs58Prefix = (prefix: number) => Number.isInteger(prefix) && prefix >= 0 && prefix <= 16383

/**
 * Whether an SS58 address of a 32-byte account id carries its checksum: the first two bytes of
 * blake2b-512 over "SS58PRE", the prefix bytes and the account id (the SS58 specification).
 */
function hasChecksum(value: string): boolean {
  const read = readSs58(value)
  if (!read) return false
  const payload = read.bytes.subarray(0, read.bytes.length - 2)
  const hash = blake2b(Uint8Array.from([...CHECKSUM_PREFIX, ...payload]))
  return hash[0] === read.bytes.at(-2) && hash[1] === read.bytes.at(-1)
}

function isSs58AccountAddress(value: string, ss58Prefix: number | undefined): boolean {
  if (ss58Prefix !== undefined && !isSs58Prefix(ss58Prefix)) return false
  const read = readSs58(value)
  if (!read || (ss58Prefix !== undefined && read.prefix !== ss58Prefix)) return false
  return hasChecksum(value)
}

/**
 * Builds a schema for SS58 addresses of 32-byte account ids with a valid checksum, on the network
 * with the given SS58 prefix, or on any network when the prefix is omitted. Hex public keys and
 * short account indices are rejected; a prefix outside 0 to 16383 matches nothing.
 * @example
 * import { createPolkadotAddressSchema } from '@gangway/kit/polkadot'
 * const kusamaAddressSchema = createPolkadotAddressSchema(2)
 * kusamaAddressSchema.safeParse('HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F').success // true
 * kusamaAddressSchema.safeParse('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5').success // false
 * @param ss58Prefix - the network's SS58 prefix (0 Polkadot, 2 Kusama, 42 generic Substrate).
 * @returns the schema.
 */
export function createPolkadotAddressSchema(ss58Prefix?: number): z.ZodMiniString<string> {
  return z.string().check(
    z.refine((value) => isSs58AccountAddress(value, ss58Prefix), {
      error: 'Invalid Polkadot address',
    }),
  )
}

/**
 * An SS58 address of a 32-byte account id with a valid checksum, under any SS58 prefix.
 * @example
 * import { polkadotAddressSchema } from '@gangway/kit/polkadot'
 * polkadotAddressSchema.safeParse('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY').success // true
 */
export const polkadotAddressSchema = /* @__PURE__ */ createPolkadotAddressSchema()
