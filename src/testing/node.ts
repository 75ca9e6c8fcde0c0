/**
 * `@gangway/kit/testing/node`: local chain nodes (anvil, a litesvm Solana node, chopsticks for
 * Polkadot, a Bitcoin regtest node behind its Esplora-shaped API) and test wallets
 * that need Node, on free loopback ports and stopped by pid or `stop()`. Node only. The Gangway
 * server's relay and wallet registry for tests (`startRelay`, `startWalletRegistry`) come with the
 * server, from `@gangway/server`.
 * @module @gangway/kit/testing/node
 */

export {
  type BitcoinTestWallet,
  type BitcoinTestWalletFeatures,
  type BitcoinTestWalletParameters,
  type BitcoinTestWalletPaymentType,
  createBitcoinTestWallet,
} from './bip122/createBitcoinTestWallet.js'
export {
  type BitcoinRpcEndpoint,
  type CreateEsploraApiParameters,
  createEsploraApi,
  type EsploraApi,
  type EsploraResponse,
} from './bip122/createEsploraApi.js'
export {
  bip122RemoteNamespace,
  createRemoteBitcoinTestWallet,
  type RemoteBitcoinTestWallet,
  type RemoteBitcoinTestWalletParameters,
} from './bip122/createRemoteBitcoinTestWallet.js'
export {
  type BitcoinNode,
  type StartBitcoinNodeParameters,
  startBitcoinNode,
} from './bip122/startBitcoinNode.js'
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
  createPolkadotTestExtension,
  type PolkadotTestExtension,
  type PolkadotTestExtensionFeatures,
  type PolkadotTestExtensionKey,
  type PolkadotTestExtensionParameters,
} from './polkadot/createPolkadotTestExtension.js'
export { polkadotRemoteNamespace } from './polkadot/polkadotRemoteNamespace.js'
export {
  type PolkadotNode,
  type PolkadotNodeAccount,
  type StartPolkadotNodeParameters,
  startPolkadotNode,
} from './polkadot/startPolkadotNode.js'
export {
  createRemoteSolanaTestWallet,
  type RemoteSolanaTestWallet,
  type RemoteSolanaTestWalletParameters,
  solanaRemoteNamespace,
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
export {
  createRemoteTestWallet,
  eip155RemoteNamespace,
  type RemoteTestWallet,
  type RemoteTestWalletParameters,
} from './walletconnect/createRemoteTestWallet.js'
export {
  createRemoteWallet,
  type RemoteWallet,
  type RemoteWalletNamespace,
  type RemoteWalletParameters,
  type RemoteWalletRequest,
} from './walletconnect/createRemoteWallet.js'
