/**
 * The eager address check of the bip122 plugin: the shape of an address on one of the site's
 * networks (its bech32 prefix or base58 version character, its alphabet and length), without
 * bitcoinjs-lib. The checksums and the script are checked by the lazily loaded code
 * (`checkAddress`, bitcoinjs-lib's decoder), before anything is sent.
 * @module
 */
import * as z from 'zod/mini'
import type { Bip122AddressParameters } from './networks.js'

const BASE58 = '[1-9A-HJ-NP-Za-km-z]'
const BECH32 = '[qpzry9x8gf2tvdw0s3jn54khce6mua7l]'

/** The first base58 character of a 25-byte address with this version byte. */
function firstCharacters(version: number): string {
  // 0x00 encodes as a leading '1'; otherwise the version decides the first digit's range.
  if (version === 0) return '1'
  if (version === 0x05) return '3'
  if (version === 0x6f) return 'mn'
  if (version === 0xc4) return '2'
  // Any other version (another chain's): the alphabet, and the decoder decides.
  return '1-9A-HJ-NP-Za-km-z'
}

/**
 * A schema for the shape of addresses on any of the networks: `hrp1` and a segwit version 0 or 1
 * program in bech32 characters (one case), or 26 to 35 base58 characters starting as the
 * network's pay to public key hash or pay to script hash addresses do.
 * @internal
 */
export function createAddressShapeSchema(
  networks: readonly Bip122AddressParameters[],
): z.ZodMiniString<string> {
  const hrps = [...new Set(networks.map((network) => network.bech32))]
  const starts = [
    ...new Set(networks.flatMap((network) => [network.pubKeyHash, network.scriptHash])),
  ].map(firstCharacters)
  const segwit = new RegExp(`^(?:${hrps.join('|')})1[qp]${BECH32}{38,58}$`)
  const base58 = new RegExp(`^[${starts.join('')}]${BASE58}{25,34}$`)
  return z.string().check(
    z.refine(
      (value) =>
        base58.test(value) ||
        // bech32 is one case throughout: all lower or all upper.
        (value === value.toLowerCase() && segwit.test(value)) ||
        (value === value.toUpperCase() && segwit.test(value.toLowerCase())),
      { error: 'Invalid Bitcoin address' },
    ),
  )
}
