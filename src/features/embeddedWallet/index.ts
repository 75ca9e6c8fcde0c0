/**
 * `@gangway/kit/embedded-wallet`: email and social login into the embedded wallet a Gangway
 * server serves on its own origin. `createEmbeddedWallet` configures it for the chain plugins and
 * the feature; the frame and its protocol load when the visitor picks it.
 * @module @gangway/kit/embedded-wallet
 */

export type { FrameUser } from '../../services/gangway/embeddedWalletProtocol.js'
export { type EmbeddedWalletFeatureParameters, embeddedWallet } from './feature.js'
export type { EmbeddedWalletIntents } from './intents.js'
export type { EmbeddedWalletState } from './slice.js'
export {
  createEmbeddedWallet,
  EMBEDDED_WALLET_CONNECTOR_ID,
  type EmbeddedEip1193Provider,
  type EmbeddedWallet,
  type EmbeddedWalletParameters,
} from './wallet.js'
