/**
 * Key custody in the frame (decision 0713): a wallet is a BIP-39 seed whose 32 bytes of entropy
 * are split 2-of-3 with Shamir's scheme (`shamir-secret-sharing`, audited):
 * - the device share, sealed under a key derived from the visitor's passkey PRF output
 *   (HKDF-SHA256 → AES-256-GCM), kept by the server, which cannot open it;
 * - the server share, sealed at rest by the server and released after a login, HPKE-sealed to a
 *   key pair this frame generates for that one release;
 * - the recovery share, which the visitor keeps.
 * Any two rebuild the seed; one alone says nothing about it. The seed lives only in the frame,
 * only while it signs. Browser code, also run by Node in tests.
 * @module
 */
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core'
import { gcm } from '@noble/ciphers/aes.js'
import { hkdf } from '@noble/hashes/hkdf.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64, base64urlnopad } from '@scure/base'
import { entropyToMnemonic, generateMnemonic, mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { combine, split } from 'shamir-secret-sharing'

/** The three shares of a new wallet. */
export interface WalletShares {
  readonly device: Uint8Array
  readonly server: Uint8Array
  readonly recovery: Uint8Array
}

/** The device share as the server stores it: opaque without the passkey. */
export interface SealedDeviceShare {
  readonly v: 1
  readonly nonce: string
  readonly ciphertext: string
}

/** A server share as released: HPKE `enc` and ciphertext, base64. */
export interface ReleasedServerShare {
  readonly enc: string
  readonly ciphertext: string
}

/** The salt the frame asks the passkey's PRF to evaluate (fixed: the same passkey, the same key). */
export const DEVICE_SHARE_PRF_SALT: Uint8Array = sha256(
  new TextEncoder().encode('gangway/embedded/device-share/prf-salt/v1'),
)
const RECOVERY_PREFIX = 'gwr1-'
const encoder = new TextEncoder()

/**
 * Makes a new wallet: 256 bits of entropy (a 24-word BIP-39 mnemonic) and its three shares.
 * @returns the entropy (the caller wipes it) and the shares.
 */
export async function createWallet(): Promise<{ entropy: Uint8Array; shares: WalletShares }> {
  const entropy = mnemonicToEntropy(generateMnemonic(wordlist, 256), wordlist)
  const [device, server, recovery] = await split(entropy, 3, 2)
  if (!device || !server || !recovery) throw new Error('shamir split gave fewer than 3 shares')
  return { entropy, shares: { device, server, recovery } }
}

/**
 * Rebuilds the entropy from two different shares.
 * @param shares - two (or three) shares.
 * @returns the 32 bytes of entropy.
 * @throws when fewer than two distinct shares are given, or they do not belong together.
 */
export async function recombine(shares: readonly Uint8Array[]): Promise<Uint8Array> {
  const distinct = new Set(shares.map((share) => base64.encode(share)))
  if (distinct.size < 2) throw new Error('two different shares are needed')
  const entropy = await combine([...shares])
  // Shares of different wallets combine into noise, not an error: callers compare addresses.
  if (entropy.length !== 32) throw new Error('the shares do not make a wallet')
  return entropy
}

/** The entropy's BIP-39 mnemonic (export, only after a fresh check). */
export const mnemonicOf = (entropy: Uint8Array): string => entropyToMnemonic(entropy, wordlist)

/** The AES-256 key a passkey's PRF output gives for a user's device share. */
function deviceKey(prfOutput: Uint8Array, userId: string): Uint8Array {
  if (prfOutput.length < 32) throw new Error('the PRF output is shorter than 32 bytes')
  return hkdf(
    sha256,
    prfOutput,
    encoder.encode('gangway/embedded/device-share/v1'),
    encoder.encode(userId),
    32,
  )
}

/**
 * Seals the device share under the passkey's PRF output.
 * @param share - the device share.
 * @param prfOutput - the PRF's output for {@link DEVICE_SHARE_PRF_SALT}.
 * @param userId - the user: bound in, so a share moved to another account does not open.
 * @returns what the server stores.
 */
export function sealDeviceShare(
  share: Uint8Array,
  prfOutput: Uint8Array,
  userId: string,
): SealedDeviceShare {
  const nonce = crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = gcm(deviceKey(prfOutput, userId), nonce, encoder.encode(userId)).encrypt(share)
  return { v: 1, nonce: base64.encode(nonce), ciphertext: base64.encode(ciphertext) }
}

/**
 * Opens a sealed device share.
 * @throws when the PRF output or the user is not the one it was sealed with, or it was altered.
 */
export function openDeviceShare(
  sealed: SealedDeviceShare,
  prfOutput: Uint8Array,
  userId: string,
): Uint8Array {
  return gcm(
    deviceKey(prfOutput, userId),
    base64.decode(sealed.nonce),
    encoder.encode(userId),
  ).decrypt(base64.decode(sealed.ciphertext))
}

/** The HPKE suite the server seals released shares with (RFC 9180). */
const suite = new CipherSuite({
  kem: new DhkemP256HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Aes256Gcm(),
})
const SHARE_HPKE_INFO = encoder.encode('gangway/embedded/server-share/v1')

/** A key pair the frame makes for one release of the server share. */
export interface ReleaseKey {
  /** The raw public key, base64, for `POST /embedded/api/shares/server`. */
  readonly publicKey: string
  open(released: ReleasedServerShare): Promise<Uint8Array>
}

/**
 * Makes a fresh key pair to receive the server share with; its private key never leaves this
 * object (non-extractable where WebCrypto allows it).
 */
export async function createReleaseKey(): Promise<ReleaseKey> {
  const pair = await suite.kem.generateKeyPair()
  const publicKey = new Uint8Array(await suite.kem.serializePublicKey(pair.publicKey))
  return {
    publicKey: base64.encode(publicKey),
    open: async (released) => {
      const plain = await suite.open(
        {
          recipientKey: pair,
          enc: base64.decode(released.enc).slice().buffer,
          info: SHARE_HPKE_INFO,
        },
        base64.decode(released.ciphertext).slice().buffer,
      )
      return new Uint8Array(plain)
    },
  }
}

/**
 * What the visitor keeps to recover without the server (decision 0715): the recovery share, the
 * device share as their passkey sealed it, and the user it is sealed for. Alone it opens nothing:
 * the device share needs the passkey, and one share says nothing about the seed.
 */
export interface RecoveryKit {
  readonly share: Uint8Array
  readonly sealedDevice: SealedDeviceShare
  readonly userId: string
}

const KIT_PREFIX = 'gwr2-'

/** The recovery kit as one line the visitor saves: `gwr2-<share>.<sealed device share>.<user>`. */
export function encodeRecoveryKit(kit: RecoveryKit): string {
  const sealed = new Uint8Array([
    ...base64.decode(kit.sealedDevice.nonce),
    ...base64.decode(kit.sealedDevice.ciphertext),
  ])
  return `${KIT_PREFIX}${[kit.share, sealed, encoder.encode(kit.userId)].map((part) => base64urlnopad.encode(part)).join('.')}`
}

/**
 * Reads a recovery kit back.
 * @throws when the text is not one (or was cut short).
 */
export function decodeRecoveryKit(text: string): RecoveryKit {
  const trimmed = text.trim()
  const parts = trimmed.startsWith(KIT_PREFIX) ? trimmed.slice(KIT_PREFIX.length).split('.') : []
  if (parts.length !== 3) throw new Error('not a Gangway recovery key')
  try {
    const [share, sealed, user] = parts.map((part) => base64urlnopad.decode(part)) as [
      Uint8Array,
      Uint8Array,
      Uint8Array,
    ]
    // 12-byte nonce, then the 33-byte share and its 16-byte tag.
    if (share.length !== 33 || sealed.length !== 12 + 33 + 16 || user.length === 0)
      throw new Error()
    return {
      share,
      sealedDevice: {
        v: 1,
        nonce: base64.encode(sealed.slice(0, 12)),
        ciphertext: base64.encode(sealed.slice(12)),
      },
      userId: new TextDecoder('utf-8', { fatal: true }).decode(user),
    }
  } catch {
    throw new Error('not a Gangway recovery key')
  }
}

/** The recovery share as the visitor writes it down or saves it. */
export const encodeRecoveryShare = (share: Uint8Array): string =>
  `${RECOVERY_PREFIX}${base64urlnopad.encode(share)}`

/**
 * Reads a recovery share back.
 * @throws when it is not one.
 */
export function decodeRecoveryShare(text: string): Uint8Array {
  const trimmed = text.trim()
  if (!trimmed.startsWith(RECOVERY_PREFIX)) throw new Error('not a Gangway recovery share')
  const share = base64urlnopad.decode(trimmed.slice(RECOVERY_PREFIX.length))
  if (share.length !== 33) throw new Error('not a Gangway recovery share')
  return share
}
