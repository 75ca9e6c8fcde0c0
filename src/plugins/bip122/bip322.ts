/**
 * BIP-322 message signatures, verified: the "simple" format (a witness stack) for pay to witness
 * public key hash, nested segwit and taproot key-path addresses, and the BIP-137 signed-message
 * format wallets still produce for legacy addresses (and, from Unisat's "ecdsa" mode, for segwit
 * ones). The virtual `to_spend` / `to_sign` transactions and their signature hashes come from
 * bitcoinjs-lib; the curve checks from `@noble/curves`. Loaded only where a signature is checked.
 * @module
 */

import * as ecc from '@bitcoinerlab/secp256k1'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { base64 } from '@scure/base'
import {
  address as bitcoinAddress,
  script as bitcoinScript,
  crypto,
  initEccLib,
  type Network,
  payments,
  Transaction,
} from 'bitcoinjs-lib'

/**
 * Decoding a taproot address checks its key on the curve, which bitcoinjs-lib leaves to an ECC
 * library. Done on first use (bitcoinjs-lib caches it), not at import: the plugin's entry re-exports
 * this module, and a top-level call would pull bitcoinjs-lib into every page that registers it.
 */
const withEcc = () => initEccLib(ecc)

/** The BIP-340 tag of BIP-322's message hash. */
const MESSAGE_TAG = 'BIP0322-signed-message'

/**
 * BIP-322's message hash: the BIP-340 tagged hash of the message's UTF-8 bytes.
 * @param message - the message text.
 * @returns 32 bytes.
 */
export function bip322MessageHash(message: string): Uint8Array {
  // BIP-340 tagged hash; bitcoinjs-lib's taggedHash knows only its own tags.
  const tag = crypto.sha256(new TextEncoder().encode(MESSAGE_TAG))
  return crypto.sha256(Uint8Array.from([...tag, ...tag, ...new TextEncoder().encode(message)]))
}

/**
 * BIP-322's `to_spend` transaction for a message and the output script it is signed with.
 * @internal
 */
export function bip322ToSpend(message: string, outputScript: Uint8Array): Transaction {
  const transaction = new Transaction()
  transaction.version = 0
  transaction.locktime = 0
  transaction.addInput(
    new Uint8Array(32),
    0xffffffff,
    0,
    bitcoinScript.compile([bitcoinScript.OPS.OP_0!, bip322MessageHash(message)]),
  )
  transaction.addOutput(outputScript, 0n)
  return transaction
}

/**
 * BIP-322's `to_sign` transaction spending `to_spend`, with the signature's witness.
 * @internal
 */
export function bip322ToSign(toSpend: Transaction, witness: Uint8Array[] = []): Transaction {
  const transaction = new Transaction()
  transaction.version = 0
  transaction.locktime = 0
  transaction.addInput(toSpend.getHash(), 0, 0)
  transaction.setWitness(0, witness)
  transaction.addOutput(bitcoinScript.compile([bitcoinScript.OPS.OP_RETURN!]), 0n)
  return transaction
}

/** Reads a consensus-encoded witness stack; `undefined` when the bytes are not exactly one. */
function readWitness(bytes: Uint8Array): Uint8Array[] | undefined {
  let offset = 0
  const varint = (): number | undefined => {
    const first = bytes[offset]
    if (first === undefined) return undefined
    offset += 1
    if (first < 0xfd) return first
    const width = first === 0xfd ? 2 : first === 0xfe ? 4 : 8
    if (offset + width > bytes.length || width === 8) return undefined
    let value = 0
    for (let index = width - 1; index >= 0; index -= 1) value = value * 256 + bytes[offset + index]!
    offset += width
    return value
  }
  const count = varint()
  if (count === undefined || count > 100) return undefined
  const stack: Uint8Array[] = []
  for (let item = 0; item < count; item += 1) {
    const length = varint()
    if (length === undefined || offset + length > bytes.length) return undefined
    stack.push(bytes.subarray(offset, offset + length))
    offset += length
  }
  return offset === bytes.length ? stack : undefined
}

const equal = (left: Uint8Array, right: Uint8Array) =>
  left.length === right.length && left.every((byte, index) => byte === right[index])

/** A DER signature and its sighash type, as a segwit v0 witness carries it. */
function verifyEcdsaWitness(
  toSign: Transaction,
  scriptCode: Uint8Array,
  signatureWithType: Uint8Array,
  publicKey: Uint8Array,
): boolean {
  if (signatureWithType.length < 9) return false
  const hashType = signatureWithType[signatureWithType.length - 1]!
  // BIP-322 signs the whole `to_sign`: SIGHASH_ALL only.
  if (hashType !== Transaction.SIGHASH_ALL) return false
  const hash = toSign.hashForWitnessV0(0, scriptCode, 0n, hashType)
  return secp256k1.verify(signatureWithType.subarray(0, -1), hash, publicKey, {
    prehash: false,
    lowS: false,
    format: 'der',
  })
}

function verifySimple(message: string, outputScript: Uint8Array, witness: Uint8Array[]): boolean {
  const toSpend = bip322ToSpend(message, outputScript)
  const toSign = bip322ToSign(toSpend, witness)
  const program = outputScript
  // Pay to taproot, key path: a 64-byte Schnorr signature (65 with an explicit SIGHASH_ALL).
  if (program.length === 34 && program[0] === 0x51 && program[1] === 0x20) {
    const [signature] = witness
    if (witness.length !== 1 || !signature) return false
    if (signature.length !== 64 && !(signature.length === 65 && signature[64] === 0x01))
      return false
    const hashType = signature.length === 65 ? Transaction.SIGHASH_ALL : Transaction.SIGHASH_DEFAULT
    const hash = toSign.hashForWitnessV1(0, [outputScript], [0n], hashType)
    return schnorr.verify(signature.subarray(0, 64), hash, program.subarray(2))
  }
  const [signature, publicKey] = witness
  if (witness.length !== 2 || !signature || publicKey?.length !== 33) return false
  const keyHash = crypto.hash160(publicKey)
  const scriptCode = payments.p2pkh({ hash: keyHash }).output!
  // Pay to witness public key hash: the key hashes to the program.
  if (program.length === 22 && program[0] === 0x00 && program[1] === 0x14)
    return (
      equal(program.subarray(2), keyHash) &&
      verifyEcdsaWitness(toSign, scriptCode, signature, publicKey)
    )
  // Nested segwit (P2SH-P2WPKH): the key's witness program hashes to the script hash; the simple
  // format carries the witness only, so the redeem script is derived from the key.
  if (program.length === 23 && program[0] === 0xa9 && program[1] === 0x14) {
    const redeem = payments.p2wpkh({ pubkey: publicKey }).output!
    if (!equal(program.subarray(2, 22), crypto.hash160(redeem))) return false
    return verifyEcdsaWitness(toSign, scriptCode, signature, publicKey)
  }
  return false
}

/** The Bitcoin Signed Message hash (BIP-137): double SHA-256 of the prefixed message. */
function signedMessageHash(message: string): Uint8Array {
  const text = new TextEncoder().encode(message)
  const prefix = new TextEncoder().encode('\x18Bitcoin Signed Message:\n')
  const length =
    text.length < 0xfd
      ? Uint8Array.of(text.length)
      : text.length <= 0xffff
        ? Uint8Array.of(0xfd, text.length & 0xff, text.length >> 8)
        : Uint8Array.of(
            0xfe,
            text.length & 0xff,
            (text.length >> 8) & 0xff,
            (text.length >> 16) & 0xff,
            text.length >>> 24,
          )
  return crypto.hash256(Uint8Array.from([...prefix, ...length, ...text]))
}

/**
 * A BIP-137 signature (65 bytes: header, r, s): the key recovered from it must pay to the address
 * in the way the header says (27–30 legacy uncompressed, 31–34 legacy compressed, 35–38 nested
 * segwit, 39–42 native segwit).
 */
function verifyBip137(message: string, outputScript: Uint8Array, bytes: Uint8Array): boolean {
  const header = bytes[0]!
  if (bytes.length !== 65 || header < 27 || header > 42) return false
  const recovery = (header - 27) & 3
  const compressed = header >= 31
  let key: Uint8Array
  try {
    const signature = secp256k1.Signature.fromBytes(bytes.subarray(1), 'compact').addRecoveryBit(
      recovery,
    )
    key = signature.recoverPublicKey(signedMessageHash(message)).toBytes(compressed)
  } catch {
    return false
  }
  const expected =
    header <= 34
      ? payments.p2pkh({ pubkey: key }).output
      : header <= 38
        ? payments.p2sh({ redeem: payments.p2wpkh({ pubkey: key }) }).output
        : payments.p2wpkh({ pubkey: key }).output
  return expected !== undefined && equal(expected, outputScript)
}

/**
 * Whether `signature` (base64) is `address`'s BIP-322 signature of exactly `message`: the simple
 * format for P2WPKH, P2SH-P2WPKH and P2TR (key path), or a BIP-137 signature whose recovered key
 * pays to the address. `false` for anything else: another message, another address, an address
 * of another network, malformed input. Never throws.
 * @example
 * import { verifyBip322 } from '@gangway/kit/bip122'
 * import { networks } from 'bitcoinjs-lib'
 * verifyBip322({ address, message: 'Hello World', signature, network: networks.bitcoin }) // true
 * @param parameters - the address, the message, the base64 signature and the address's network.
 * @returns whether the signature is valid.
 */
export function verifyBip322(parameters: {
  readonly address: string
  readonly message: string
  readonly signature: string
  readonly network: Network
}): boolean {
  withEcc()
  try {
    if (!/^[A-Za-z0-9+/]{1,2000}={0,2}$/.test(parameters.signature)) return false
    const bytes = base64.decode(parameters.signature)
    const outputScript = bitcoinAddress.toOutputScript(parameters.address, parameters.network)
    if (bytes.length === 65 && bytes[0]! >= 27 && bytes[0]! <= 42)
      return verifyBip137(parameters.message, outputScript, bytes)
    const witness = readWitness(bytes)
    return witness !== undefined && verifySimple(parameters.message, outputScript, witness)
  } catch {
    return false
  }
}
