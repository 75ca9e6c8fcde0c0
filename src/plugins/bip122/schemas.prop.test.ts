import * as ecc from '@bitcoinerlab/secp256k1'
import { initEccLib, type Network, networks, payments, toXOnly } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  base58Alphabet,
  base58ToBytes,
  changeChecksumCharacter,
  replaceAt,
} from '../../../test/support/base58.js'
import { addressSchemaConformance } from '../../testing/conformance.js'
import { bip122AddressSchema, createBip122AddressSchema, litecoinRegtest } from './schemas.js'

const numRuns = Number(process.env.FUZZ_RUNS ?? 100)

beforeAll(() => {
  initEccLib(ecc)
})

const ECPair = ECPairFactory(ecc)

const bech32Charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

const bitcoinNetworks = [networks.bitcoin, networks.testnet, networks.regtest] as const
const allNetworks = [...bitcoinNetworks, litecoinRegtest] as const

const base58Kinds = ['p2pkh', 'p2sh-p2wpkh'] as const
const segwitKinds = ['p2wpkh', 'p2wsh', 'p2tr'] as const
type Kind = (typeof base58Kinds)[number] | (typeof segwitKinds)[number]

/** Encodes a real key as an address of the given kind, with bitcoinjs-lib's payments. */
function toAddress(kind: Kind, privateKey: Uint8Array, compressed: boolean, network: Network) {
  // Segwit and taproot outputs need a compressed key; only legacy p2pkh may use an uncompressed one.
  const { publicKey } = ECPair.fromPrivateKey(privateKey, {
    compressed: kind === 'p2pkh' ? compressed : true,
    network,
  })
  initEccLib(ecc)
  const payment =
    kind === 'p2pkh'
      ? payments.p2pkh({ pubkey: publicKey, network })
      : kind === 'p2sh-p2wpkh'
        ? payments.p2sh({ redeem: payments.p2wpkh({ pubkey: publicKey, network }), network })
        : kind === 'p2wpkh'
          ? payments.p2wpkh({ pubkey: publicKey, network })
          : kind === 'p2wsh'
            ? payments.p2wsh({ redeem: payments.p2pk({ pubkey: publicKey, network }), network })
            : payments.p2tr({ internalPubkey: toXOnly(publicKey), network })
  return payment.address!
}

const privateKey = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .filter((bytes) => ecc.isPrivate(bytes))

/** A real address: a key pair encoded as one of `kinds` on one of `onNetworks`. */
const realAddress = (kinds: readonly Kind[], onNetworks: readonly Network[] = bitcoinNetworks) =>
  fc
    .record({
      kind: fc.constantFrom(...kinds),
      privateKey,
      compressed: fc.boolean(),
      network: fc.constantFrom(...onNetworks),
    })
    .map(({ kind, privateKey, compressed, network }) => ({
      kind,
      network,
      address: toAddress(kind, privateKey, compressed, network),
    }))

const accepts = (value: unknown) => bip122AddressSchema.safeParse(value).success

/** Index of the first bech32 program character: after the separator and the witness version. */
const programStart = (value: string) => value.lastIndexOf('1') + 2

describe('bip122AddressSchema', () => {
  test('default', () => {
    expect(accepts('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true)
    expect(accepts('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true)
    expect(accepts('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true)
    expect(accepts('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true)
    expect(accepts('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr')).toBe(true)
    expect(accepts('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(true)
    expect(accepts('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false)
    expect(accepts('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false)
    // BIP350: a segwit v0 program in bech32m and a taproot program in bech32 are both invalid.
    expect(accepts('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh')).toBe(false)
    expect(accepts('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd')).toBe(false)
    expect(accepts('ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9')).toBe(false)
    expect(accepts('0x')).toBe(false)
    expect(accepts('')).toBe(false)
  })

  test('behavior: accepts taproot addresses when the app never installed an ECC library', () => {
    initEccLib(undefined)
    expect(accepts('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr')).toBe(true)
  })

  test('behavior: accepts real p2pkh, p2sh, p2wpkh, p2wsh and p2tr addresses on bitcoin, testnet and regtest', () => {
    fc.assert(
      fc.property(realAddress([...base58Kinds, ...segwitKinds]), ({ address }) => {
        expect(accepts(address)).toBe(true)
      }),
      { numRuns },
    )
  })

  test('behavior: rejects a changed bech32 character (the checksum catches it)', () => {
    fc.assert(
      fc.property(
        realAddress(segwitKinds),
        fc.nat(),
        fc.integer({ min: 1, max: 31 }),
        ({ address }, position, offset) => {
          // Any program or checksum character: bech32 and bech32m detect every single
          // substitution, and the witness version is left alone so the other checksum constant
          // cannot make it valid either (BIP350).
          const start = programStart(address)
          const index = start + (position % (address.length - start))
          const before = bech32Charset.indexOf(address[index]!)
          const mutated = replaceAt(address, index, bech32Charset[(before + offset) % 32]!)
          expect(mutated).not.toBe(address)
          expect(accepts(mutated)).toBe(false)
        },
      ),
      { numRuns },
    )
  })

  test('behavior: rejects a changed base58 character that breaks the checksum', () => {
    fc.assert(
      fc.property(
        realAddress(base58Kinds),
        fc.constantFrom(0 as const, 1 as const),
        fc.integer({ min: 1, max: 57 }),
        ({ address }, fromEnd, offset) => {
          const mutated = changeChecksumCharacter(address, fromEnd, offset, 4)
          fc.pre(mutated !== undefined)
          expect(mutated).not.toBe(address)
          // Same version byte and hash, so only the four checksum bytes differ.
          expect(base58ToBytes(mutated).slice(0, 21)).toStrictEqual(
            base58ToBytes(address).slice(0, 21),
          )
          expect(accepts(mutated)).toBe(false)
        },
      ),
      { numRuns },
    )
  })

  test('behavior: rejects a bech32 address with a character more or less', () => {
    fc.assert(
      fc.property(
        realAddress(segwitKinds),
        fc.nat(),
        fc.option(fc.constantFrom(...bech32Charset), { nil: undefined }),
        ({ address }, position, inserted) => {
          // One 5-bit group more or less leaves a witness program of a length (or padding) that
          // the version does not allow, even when the checksum happens to hold.
          const start = programStart(address)
          const index = start + (position % (address.length - start))
          const mutated =
            inserted === undefined
              ? address.slice(0, index) + address.slice(index + 1)
              : address.slice(0, index) + inserted + address.slice(index)
          expect(mutated.length).not.toBe(address.length)
          expect(accepts(mutated)).toBe(false)
        },
      ),
      { numRuns },
    )
  })

  test('behavior: rejects a base58 address of the wrong length', () => {
    fc.assert(
      fc.property(
        realAddress(base58Kinds),
        fc.oneof(fc.integer({ min: -8, max: -1 }), fc.integer({ min: 1, max: 8 })),
        fc.array(fc.constantFrom(...base58Alphabet), { minLength: 8, maxLength: 8 }),
        ({ address }, change, extra) => {
          const mutated =
            change < 0 ? address.slice(0, change) : address + extra.slice(0, change).join('')
          // A base58check address is a version byte, a 20-byte hash and a 4-byte checksum.
          fc.pre(base58ToBytes(mutated).length !== 25)
          expect(accepts(mutated)).toBe(false)
        },
      ),
      { numRuns },
    )
  })

  test('behavior: rejects Litecoin regtest addresses bitcoin does not share', () => {
    fc.assert(
      fc.property(
        realAddress(['p2sh-p2wpkh', ...segwitKinds], [litecoinRegtest]),
        ({ address }) => {
          expect(accepts(address)).toBe(false)
        },
      ),
      { numRuns },
    )
  })
})

describe('createBip122AddressSchema', () => {
  test('default', () => {
    const schema = createBip122AddressSchema([litecoinRegtest])
    expect(schema.safeParse('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4').success).toBe(false)
    expect(
      createBip122AddressSchema([]).safeParse('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa').success,
    ).toBe(false)
  })

  test('parameters: networks accepts real addresses on any of them, Litecoin regtest included', () => {
    const schema = createBip122AddressSchema(allNetworks)
    fc.assert(
      fc.property(realAddress([...base58Kinds, ...segwitKinds], allNetworks), ({ address }) => {
        expect(schema.safeParse(address).success).toBe(true)
      }),
      { numRuns },
    )
  })

  test('parameters: networks rejects addresses of a network not given', () => {
    const schema = createBip122AddressSchema([litecoinRegtest])
    fc.assert(
      fc.property(
        realAddress([...base58Kinds, ...segwitKinds], [networks.bitcoin]),
        ({ address }) => {
          expect(schema.safeParse(address).success).toBe(false)
        },
      ),
      { numRuns },
    )
  })

  test('behavior: the Litecoin regtest prefixes', () => {
    expect(litecoinRegtest).toStrictEqual({
      messagePrefix: '\x19Litecoin Signed Message:\n',
      bech32: 'rltc',
      bip32: { public: 0x043587cf, private: 0x04358394 },
      pubKeyHash: 0x6f,
      scriptHash: 0x3a,
      wif: 0xef,
    })
    const address = toAddress('p2wpkh', new Uint8Array(32).fill(1), true, litecoinRegtest)
    expect(address.startsWith('rltc1q')).toBe(true)
    expect(createBip122AddressSchema([litecoinRegtest]).safeParse(address).success).toBe(true)
  })
})

describe('the address schema conformance checks (gangway/testing/conformance)', () => {
  const checks = addressSchemaConformance('bip122', bip122AddressSchema, {
    validAddresses: realAddress([...base58Kinds, ...segwitKinds]).map(({ address }) => address),
    // Base58 for p2pkh and p2sh, bech32 (with its human-readable part) for segwit.
    alphabet: `123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0${bech32Charset}`,
    // A 25-byte base58 address (26 to 35 characters) up to a regtest taproot one (64).
    length: { min: 26, max: 64 },
    numRuns,
  })
  for (const check of checks) test(check.name, check.run)
})
