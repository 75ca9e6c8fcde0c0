/**
 * `gangway/testing/node`: local chain nodes (anvil, a litesvm Solana node), test wallets that need
 * Node, and the Gangway server's WalletConnect relay and wallet registry started in-process for
 * tests, on free loopback ports and stopped by pid, `stop()` or `close()`. Node only.
 * @module gangway/testing/node
 */

export type { RelayLimits } from '../../server/config.js'
export type { MessageStore, StoredMessage } from '../../server/relay/messageStore.js'
export {
  type DeployTestAmmParameters,
  deployTestAmm,
  TEST_AMM_NATIVE,
  type TestAmm,
  type TestAmmDeployedToken,
  type TestAmmPool,
  type TestAmmToken,
} from './eip155/deployTestAmm.js'
export {
  type RunningTestAmm,
  type StartTestAmmParameters,
  startTestAmm,
} from './eip155/startTestAmm.js'
export {
  ANVIL_MNEMONIC,
  type AnvilNode,
  type StartAnvilParameters,
  startAnvil,
} from './nodes/anvil.js'
export { dumpAnvilState, loadAnvilState } from './nodes/anvilState.js'
export {
  type LocalWalletRegistry,
  type StartWalletRegistryOptions,
  startWalletRegistry,
  type WalletRegistryEntry,
  type WalletRegistryRequest,
} from './registry/startWalletRegistry.js'
export {
  createRemoteSolanaTestWallet,
  type RemoteSolanaTestWallet,
  type RemoteSolanaTestWalletParameters,
} from './solana/createRemoteSolanaTestWallet.js'
export {
  type CreateSolanaTestMintParameters,
  createSolanaTestMint,
} from './solana/createSolanaTestMint.js'
export {
  createSolanaTestWallet,
  type SolanaTestWallet,
  type SolanaTestWalletFeatures,
  type SolanaTestWalletParameters,
} from './solana/createSolanaTestWallet.js'
export {
  type SolanaNode,
  type StartSolanaNodeParameters,
  startSolanaNode,
} from './solana/startSolanaNode.js'
export { type LocalRelay, type StartRelayOptions, startRelay } from './walletconnect/createRelay.js'
export {
  createRemoteTestWallet,
  type RemoteTestWallet,
  type RemoteTestWalletParameters,
} from './walletconnect/createRemoteTestWallet.js'
