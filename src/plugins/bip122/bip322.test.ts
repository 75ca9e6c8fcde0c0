import { randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import { Signer, Verifier } from 'bip322-js'
import { address, initEccLib, networks, payments } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createBitcoinTestWallet } from '../../testing/bip122/createBitcoinTestWallet.js'
import { bip322MessageHash, bip322ToSign, bip322ToSpend, verifyBip322 } from './bip322.js'

initEccLib(ecc)
const ECPair = ECPairFactory(ecc)
const numRuns = Number(process.env.FUZZ_RUNS ?? 25)
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

// The BIP's test vectors (bip-0322.mediawiki, "Test vectors").
const VECTOR_KEY = 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k'
const VECTOR_ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
const VECTORS = [
  {
    message: '',
    hash: 'c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1',
    toSpend: 'c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7',
    toSign: '1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6',
    signatures: [
      'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
      'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    ],
  },
  {
    message: 'Hello World',
    hash: 'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a',
    toSpend: 'b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b',
    toSign: '88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf',
    signatures: [
      'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
      'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    ],
  },
] as const

const verify = (
  addressText: string,
  message: string,
  signature: string,
  network = networks.bitcoin,
) => verifyBip322({ address: addressText, message, signature, network })

describe('the BIP-322 test vectors', () => {
  test.each(VECTORS)('default: message hash, to_spend and to_sign of "$message"', (vector) => {
    expect(hex(bip322MessageHash(vector.message))).toBe(vector.hash)
    const toSpend = bip322ToSpend(
      vector.message,
      address.toOutputScript(VECTOR_ADDRESS, networks.bitcoin),
    )
    expect(toSpend.getId()).toBe(vector.toSpend)
    expect(bip322ToSign(toSpend).getId()).toBe(vector.toSign)
  })

  test.each(VECTORS)(
    'default: both signatures of "$message" verify, and for no other message or address',
    (vector) => {
      for (const signature of vector.signatures) {
        expect(verify(VECTOR_ADDRESS, vector.message, signature)).toBe(true)
        expect(verify(VECTOR_ADDRESS, `${vector.message} `, signature)).toBe(false)
        expect(verify(VECTOR_ADDRESS, vector.message === '' ? 'Hello World' : '', signature)).toBe(
          false,
        )
        expect(
          verify('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', vector.message, signature),
        ).toBe(false)
        // The same key's address on testnet is another address: the network is part of the check.
        expect(verify(VECTOR_ADDRESS, vector.message, signature, networks.testnet)).toBe(false)
      }
    },
  )
})

/** The addresses of one key, as bip322-js signs for them (mainnet). */
function addressesOf(key: ReturnType<typeof ECPair.makeRandom>) {
  const pubkey = key.publicKey
  return {
    p2wpkh: payments.p2wpkh({ pubkey }).address!,
    'p2sh-p2wpkh': payments.p2sh({ redeem: payments.p2wpkh({ pubkey }) }).address!,
    p2tr: payments.p2tr({ internalPubkey: pubkey.subarray(1, 33) }).address!,
    p2pkh: payments.p2pkh({ pubkey }).address!,
  }
}

const message = fc.string({ maxLength: 300, unit: 'grapheme' })
const kind = fc.constantFrom('p2wpkh', 'p2sh-p2wpkh', 'p2tr', 'p2pkh') as fc.Arbitrary<
  'p2wpkh' | 'p2sh-p2wpkh' | 'p2tr' | 'p2pkh'
>

describe('against an independent signer (bip322-js)', () => {
  test('property: what bip322-js signs verifies, for that message and address only', () => {
    fc.assert(
      fc.property(kind, message, message, (type, text, other) => {
        fc.pre(text !== other)
        const key = ECPair.makeRandom()
        const addresses = addressesOf(key)
        const signature = String(Signer.sign(key.toWIF(), addresses[type], text))
        expect(verify(addresses[type], text, signature)).toBe(true)
        expect(verify(addresses[type], other, signature)).toBe(false)
        const stranger = addressesOf(ECPair.makeRandom())[type]
        expect(verify(stranger, text, signature)).toBe(false)
      }),
      { numRuns },
    )
  })

  test('property: a signature with any byte changed is refused', () => {
    fc.assert(
      fc.property(
        kind,
        message,
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (type, text, at, flip) => {
          const key = ECPair.makeRandom()
          const target = addressesOf(key)[type]
          const bytes = Buffer.from(String(Signer.sign(key.toWIF(), target, text)), 'base64')
          const index = at % bytes.length
          bytes[index] = bytes[index]! ^ flip
          expect(verify(target, text, bytes.toString('base64'))).toBe(false)
        },
      ),
      { numRuns },
    )
  })

  test('property: what the Bitcoin test wallet signs on regtest, bip322-js verifies too', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('p2wpkh', 'p2tr', 'p2sh-p2wpkh', 'p2pkh' as const),
        message,
        (type, text) => {
          const wallet = createBitcoinTestWallet({
            privateKeys: [randomBytes(32).toString('hex')],
            paymentType: type,
          })
          const { address: payer } = wallet.accounts[0]!
          const signature = wallet.signMessage(payer, text)
          expect(verify(payer, text, signature, networks.regtest)).toBe(true)
          expect(Verifier.verifySignature(payer, text, signature)).toBe(true)
        },
      ),
      { numRuns },
    )
  })
})

test('behavior: malformed input is refused, never thrown', () => {
  fc.assert(
    fc.property(fc.string(), fc.string(), fc.string(), (addressText, text, signature) => {
      expect(verify(addressText, text, signature)).toBe(false)
    }),
    { numRuns: 200 },
  )
  expect(verify(VECTOR_ADDRESS, 'Hello World', '')).toBe(false)
  expect(verify(VECTOR_ADDRESS, 'Hello World', 'AA==')).toBe(false)
  void VECTOR_KEY
})
