/**
 * The accounts a wallet's seed derives, on the standard paths: eip155 at BIP-44
 * m/44'/60'/0'/0/0 (BIP-32, secp256k1), solana at m/44'/501'/0'/0' (SLIP-10, ed25519: what
 * Phantom and Solflare derive). Signers are built for one request and forgotten.
 * @module
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { HDKey as Slip10Key } from 'micro-key-producer/slip10.js'
import { bytesToHex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { mnemonicOf } from './custody.js'

/** eip155's BIP-44 path, first account. */
export const EIP155_PATH = "m/44'/60'/0'/0/0"
/** solana's path, first account (SLIP-10 hardens every level). */
export const SOLANA_PATH = "m/44'/501'/0'/0'"

/** The keys of a wallet, for one use. */
export interface WalletKeys {
  readonly eip155: PrivateKeyAccount
  readonly solana: {
    /** base58 public key. */
    readonly address: string
    sign(message: Uint8Array): Uint8Array
  }
}

/**
 * Derives the wallet's keys from its entropy.
 * @param entropy - the 32 bytes the shares rebuild.
 * @returns the eip155 account and the solana signer.
 */
export function deriveKeys(entropy: Uint8Array): WalletKeys {
  const seed = mnemonicToSeedSync(mnemonicOf(entropy))
  const evmKey = HDKey.fromMasterSeed(seed).derive(EIP155_PATH).privateKey
  const solanaKey = Slip10Key.fromMasterSeed(seed).derive(SOLANA_PATH)
  seed.fill(0)
  if (!evmKey) throw new Error('BIP-32 gave no private key')
  const solanaPrivate = solanaKey.privateKey
  return {
    eip155: privateKeyToAccount(bytesToHex(evmKey)),
    solana: {
      address: base58.encode(ed25519.getPublicKey(solanaPrivate)),
      sign: (message) => ed25519.sign(message, solanaPrivate),
    },
  }
}

/** The addresses only (what the server is told at creation, for `get user`). */
export function addressesOf(entropy: Uint8Array): { eip155: `0x${string}`; solana: string } {
  const keys = deriveKeys(entropy)
  return { eip155: keys.eip155.address, solana: keys.solana.address }
}
