/**
 * `gangway/testing/node`: local chain nodes for tests, started on free loopback ports and stopped
 * by pid. Node only (it spawns processes).
 * @module gangway/testing/node
 */
export {
  ANVIL_MNEMONIC,
  type AnvilNode,
  type StartAnvilParameters,
  startAnvil,
} from './nodes/anvil.js'
export { type LocalRelay, type StartRelayOptions, startRelay } from './walletconnect/createRelay.js'
export {
  createRemoteTestWallet,
  type RemoteTestWallet,
  type RemoteTestWalletParameters,
} from './walletconnect/createRemoteTestWallet.js'
