/**
 * Zod schemas for Bitcoin-family (`bip122`) addresses, checked by decoding them to an output
 * script with bitcoinjs-lib.
 * @module
 */
import * as ecc from '@bitcoinerlab/secp256k1'
import { address, networks as bitcoinjsNetworks, initEccLib, type Network } from 'bitcoinjs-lib'
import * as z from 'zod/mini'

/**
 * Litecoin regtest network parameters for bitcoinjs-lib (the local test node is litecoind
 * regtest): bech32 `rltc`, base58 versions 0x6f (pay to public key hash) and 0x3a (pay to script
 * hash).
 * @example
 * import { createBip122AddressSchema, litecoinRegtest } from '@gangway/kit/bip122'
 * const litecoinRegtestAddressSchema = createBip122AddressSchema([litecoinRegtest])
 */
export const litecoinRegtest: Network = Object.freeze({
  messagePrefix: '\x19Litecoin Signed Message:\n',
  bech32: 'rltc',
  bip32: Object.freeze({ public: 0x043587cf, private: 0x04358394 }),
  pubKeyHash: 0x6f,
  scriptHash: 0x3a,
  wif: 0xef,
})

const isMissingEccLib = (error: unknown) =>
  error instanceof Error && error.message.startsWith('No ECC Library provided')

function hasOutputScript(value: string, network: Network): boolean {
  try {
    address.toOutputScript(value, network)
    return true
  } catch (error) {
    if (!isMissingEccLib(error)) return false
  }
  // A taproot output key is checked on the curve, which needs an ECC library: install ours when
  // the app has not installed one, then decode again.
  try {
    initEccLib(ecc)
    address.toOutputScript(value, network)
    return true
  } catch {
    return false
  }
}

/**
 * Builds a schema for addresses that decode to an output script on at least one of `networks`:
 * base58check pay to public key hash and pay to script hash, bech32 segwit v0 and bech32m taproot
 * (and later segwit versions, as bitcoinjs-lib accepts them). Checksums and the network's prefixes
 * are checked; with no networks, nothing matches.
 * @example
 * import { createBip122AddressSchema, litecoinRegtest } from '@gangway/kit/bip122'
 * import { networks } from 'bitcoinjs-lib'
 * const schema = createBip122AddressSchema([networks.bitcoin, litecoinRegtest])
 * schema.safeParse('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4').success // true
 * @param networks - the bitcoinjs-lib network parameters to accept addresses of.
 * @returns the schema.
 */
export function createBip122AddressSchema(networks: readonly Network[]): z.ZodMiniString<string> {
  const candidates = [...networks]
  return z.string().check(
    z.refine((value) => candidates.some((network) => hasOutputScript(value, network)), {
      error: 'Invalid Bitcoin address',
    }),
  )
}

/**
 * A Bitcoin address on mainnet, testnet (and signet) or regtest, with a valid checksum.
 * @example
 * import { bip122AddressSchema } from '@gangway/kit/bip122'
 * bip122AddressSchema.safeParse('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa').success // true
 */
export const bip122AddressSchema = createBip122AddressSchema([
  bitcoinjsNetworks.bitcoin,
  bitcoinjsNetworks.testnet,
  bitcoinjsNetworks.regtest,
])
