/**
 * `@gangway/kit/wallet-registry`: the WalletConnect wallet registry (§7 `GET /getWallets`) as a
 * feature: AllWallets, its pages of 40 and its search, and the featured and recommended wallets of
 * the Connect view. The kit registers it by default (§9 `allWallets` switch).
 * @module @gangway/kit/wallet-registry
 */

export { walletRegistry } from './feature.js'
export type { WalletRegistryIntents } from './intents.js'
export { type AllWalletsList, selectAllWallets, selectRegistryState } from './selectors.js'
export {
  fetchWallets,
  type GetWalletsParameters,
  getWalletsUrl,
  parseGetWalletsResponse,
  toRegistryWallet,
  WALLET_REGISTRY_SDK_TYPE,
  walletRegistryHeaders,
} from './service.js'
export {
  DEFAULT_WALLET_REGISTRY_URL,
  selectWalletRegistryConfig,
  type WalletRegistryConfig,
  type WalletRegistryParameters,
  type WalletRegistrySettings,
} from './settings.js'
export type { WalletRegistryState, WalletRegistryStatus } from './slice.js'
