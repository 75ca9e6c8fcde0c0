/**
 * `@gangway/kit/siwx-server`: what a site's backend needs to rely on a sign-in with the wallet: nonces it
 * issues and accepts once, and `verifySignIn(session)`, the same verification the kit runs, for
 * every family Gangway has. No React, no browser globals; viem and `@noble/curves`, plus
 * `@polkadot/util-crypto` for Polkadot sign-ins and bitcoinjs-lib for Bitcoin ones, each loaded on
 * the first such sign-in (optional peers: a backend installs those of the families it accepts).
 * @module @gangway/kit/siwx-server
 */

export type {
  SiwxFamily,
  SiwxMessageFields,
  SiwxSession,
  SiwxSignatureCheck,
} from '../kernel/index.js'
export {
  type Bip122SiwxFamilyParameters,
  type Bip122SiwxNetwork,
  createBip122SiwxFamily,
} from '../plugins/bip122/siwx.js'
export {
  createEip155SiwxFamily,
  type Eip155SiwxFamilyParameters,
} from '../plugins/eip155/siwx.js'
export {
  createPolkadotSiwxFamily,
  type PolkadotSiwxFamilyParameters,
  type PolkadotSiwxNetwork,
} from '../plugins/polkadot/siwx.js'
export {
  createSolanaSiwxFamily,
  type SolanaSiwxFamilyParameters,
  type SolanaSiwxNetwork,
} from '../plugins/solana/siwx.js'
export { createNonce } from '../siwx/nonce.js'
export {
  type NonceUse,
  SIWX_VERIFICATION_CODES,
  type SiwxRefused,
  type SiwxVerification,
  type SiwxVerificationCode,
  SiwxVerificationError,
  type SiwxVerified,
  type VerifySiwxSessionParameters,
  verifySiwxSession,
} from '../siwx/verifySession.js'
export {
  type CreateSiwxVerifierParameters,
  createSiwxVerifier,
  type SiwxVerifier,
} from './createSiwxVerifier.js'
export {
  createMemoryNonceStore,
  type MemoryNonceStoreParameters,
  NonceLimitError,
  type NonceLimitReason,
  type NonceStore,
} from './nonceStore.js'
