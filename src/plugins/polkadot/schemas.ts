/**
 * Zod schemas for Polkadot and Substrate (`polkadot`) SS58 addresses.
 * @module
 */
import { decodeAddress } from '@polkadot/util-crypto'
import * as z from 'zod/mini'

/** SS58 is base58; ruling out everything else first also keeps hex public keys out. */
const base58 = /^[1-9A-HJ-NP-Za-km-z]+$/

/** The SS58 network prefixes that exist: 0 to 16383. */
const isSs58Prefix = (prefix: number) => Number.isInteger(prefix) && prefix >= 0 && prefix <= 16383

function isSs58AccountAddress(value: string, ss58Prefix: number | undefined): boolean {
  if (ss58Prefix !== undefined && !isSs58Prefix(ss58Prefix)) return false
  if (!base58.test(value)) return false
  try {
    // Checks the allowed lengths, the blake2b checksum, the reserved prefixes and, when given, the
    // prefix (-1 means any).
    return decodeAddress(value, false, ss58Prefix ?? -1).length === 32
  } catch {
    return false
  }
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
export const polkadotAddressSchema = createPolkadotAddressSchema()
