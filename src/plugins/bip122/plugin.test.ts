import * as ecc from '@bitcoinerlab/secp256k1'
import { initEccLib, type Network, payments } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { chainPluginConformance } from '../../testing/conformance.js'
import {
  type Bip122Network,
  bip122,
  bitcoinMainnet,
  bitcoinRegtest,
  bitcoinSignet,
  bitcoinTestnet,
  createBip122AddressSchema,
} from './index.js'
import { createAddressShapeSchema } from './shape.js'

initEccLib(ecc)
const ECPair = ECPairFactory(ecc)
const numRuns = Number(process.env.FUZZ_RUNS ?? 100)
const regtest = bitcoinRegtest({ esploraUrl: 'http://127.0.0.1:1' })
const NETWORKS = [bitcoinMainnet, bitcoinTestnet, bitcoinSignet, regtest] as const
const KINDS = ['p2pkh', 'p2sh-p2wpkh', 'p2wpkh', 'p2wsh', 'p2tr'] as const

/** A real address of `kind` on `network`, encoded by bitcoinjs-lib's payments. */
function encode(kind: (typeof KINDS)[number], secret: Uint8Array, network: Network): string {
  const pubkey = ECPair.fromPrivateKey(secret).publicKey
  if (kind === 'p2pkh') return payments.p2pkh({ pubkey, network }).address!
  if (kind === 'p2sh-p2wpkh')
    return payments.p2sh({ redeem: payments.p2wpkh({ pubkey, network }), network }).address!
  if (kind === 'p2wpkh') return payments.p2wpkh({ pubkey, network }).address!
  if (kind === 'p2wsh')
    return payments.p2wsh({ redeem: payments.p2pk({ pubkey, network }), network }).address!
  return payments.p2tr({ internalPubkey: pubkey.subarray(1, 33), network }).address!
}

const secret = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .filter((bytes) => ecc.isPrivate(bytes))
const addressOn = (networks: readonly Bip122Network[]) =>
  fc
    .record({ kind: fc.constantFrom(...KINDS), secret, network: fc.constantFrom(...networks) })
    .map(({ kind, secret: key, network }) => ({
      network,
      address: encode(kind, key, network.addresses as Network),
    }))

describe('networks', () => {
  test('default: BIP-122 CAIP-2 ids from the genesis hashes', () => {
    expect(NETWORKS.map((network) => network.id)).toEqual([
      'bip122:000000000019d6689c085ae165831e93',
      'bip122:000000000933ea01ad0ee984209779ba',
      'bip122:00000008819873e925422c1ff0f99f7c',
      'bip122:0f9188f13cb7b2b71f2a335e3a4fc328',
    ])
  })

  test('property: an address of one network decodes on that network and is refused by the others (testnet and signet share theirs; regtest shares their base58 ones)', () => {
    fc.assert(
      fc.property(addressOn(NETWORKS), ({ network, address }) => {
        for (const other of NETWORKS) {
          // Regtest's base58 addresses are testnet's; its bech32 prefix is its own.
          const segwit = address.startsWith(`${network.addresses.bech32}1`)
          const sameFormat = segwit
            ? other.addresses.bech32 === network.addresses.bech32
            : other.addresses.pubKeyHash === network.addresses.pubKeyHash
          expect(
            createBip122AddressSchema([other.addresses as Network]).safeParse(address).success,
          ).toBe(sameFormat)
          // The eager shape check agrees on which network an address belongs to.
          expect(createAddressShapeSchema([other.addresses]).safeParse(address).success).toBe(
            sameFormat,
          )
        }
      }),
      { numRuns },
    )
  })

  test('behavior: a testnet address on a mainnet-only site is refused by the plugin’s schema', () => {
    const plugin = bip122({ networks: [bitcoinMainnet] })
    expect(
      plugin.schemas.address.safeParse('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx').success,
    ).toBe(false)
    expect(
      plugin.schemas.address.safeParse('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4').success,
    ).toBe(true)
  })
})

describe('the chain plugin conformance suite (gangway/testing/conformance)', () => {
  const checks = chainPluginConformance(bip122({ networks: [...NETWORKS] }), {
    validAddresses: addressOn(NETWORKS).map(({ address }) => address),
    alphabet: '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0',
    length: { min: 26, max: 64 },
    numRuns,
  })
  for (const check of checks) test(check.name, check.run)
})
