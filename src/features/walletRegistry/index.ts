/**
 * `gangway/wallet-registry`: the WalletConnect wallet registry (§7 `GET /getWallets`) as a
 * feature: AllWallets, its pages of 40 and its search, and the featured and recommended wallets of
 * the Connect view. The kit registers it by default (§9 `allWallets` switch).
 * @module gangway/wallet-registry
 */
import {
  defineFeature,
  selectWalletConnectNamespace,
  selectWalletRegistryConfig,
} from '../../kernel/index.js'

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
export type { WalletRegistryState, WalletRegistryStatus } from './slice.js'

/**
 * The wallet registry feature. Its code loads the first time the visitor acts in the open modal
 * of a kit that has a registry (a `projectId`, a registry URL and a WalletConnect connector), or
 * opens AllWallets; nothing is asked before.
 * @example
 * import { createKit } from 'gangway'
 * import { walletRegistry } from 'gangway/wallet-registry'
 * const kit = createKit({ plugins: [eip155({ walletConnect })], projectId, features: [walletRegistry()] })
 * @returns the feature.
 * @see /docs/wallet-registry.md
 */
export const walletRegistry = () =>
  defineFeature({
    name: 'walletRegistry',
    views: ['AllWallets'],
    wakesOn: ({ event, after }) =>
      event.meta.source === 'ui' &&
      after.modal.isOpen &&
      selectWalletRegistryConfig(after) !== null &&
      selectWalletConnectNamespace(after) !== null,
    load: () => import('./module.js').then((module) => module.walletRegistryModule),
  })
