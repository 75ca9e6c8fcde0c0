/**
 * `gangway/testing/node`: local chain nodes, a WalletConnect relay and a wallet registry for
 * tests, started on free loopback ports and stopped by pid or `close()`. Node only.
 * @module gangway/testing/node
 */
export {
  ANVIL_MNEMONIC,
  type AnvilNode,
  type StartAnvilParameters,
  startAnvil,
} from './nodes/anvil.js'
export {
  type LocalWalletRegistry,
  type StartWalletRegistryOptions,
  startWalletRegistry,
  type WalletRegistryEntry,
  type WalletRegistryRequest,
} from './registry/startWalletRegistry.js'
export { type LocalRelay, type StartRelayOptions, startRelay } from './walletconnect/createRelay.js'
export {
  createRemoteTestWallet,
  type RemoteTestWallet,
  type RemoteTestWalletParameters,
} from './walletconnect/createRemoteTestWallet.js'
