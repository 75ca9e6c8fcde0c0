/**
 * `@gangway/kit/testing`: what Gangway's own tests use, exported so sites test their integration the
 * same way: virtual time, and a test wallet that signs for real. Safe in a browser page; the local
 * node launcher, which needs Node, is `@gangway/kit/testing/node`.
 * @module @gangway/kit/testing
 */
export {
  type BitcoinTestWalletAccount,
  type BitcoinTestWalletAnswer,
  type BitcoinTestWalletRequest,
  type BitcoinTestWalletShape,
  bitcoinTestWalletInitScript,
  type InstallBitcoinTestWalletOptions,
  installBitcoinTestWallet,
} from './bip122/installBitcoinTestWallet.js'
export { createVirtualEnv, settle, type VirtualEnv } from './createVirtualEnv.js'
export { testTokenAbi, testTokenBytecode } from './eip155/contracts/testToken.js'
export {
  testUniversalResolverAbi,
  testUniversalResolverBytecode,
} from './eip155/contracts/testUniversalResolver.js'
export {
  createTestWallet,
  type TestWallet,
  type TestWalletFeatures,
  type TestWalletParameters,
} from './eip155/createTestWallet.js'
export {
  type DeployTestEnsResolverParameters,
  deployTestEnsResolver,
  type TestEnsRecord,
} from './eip155/deployTestEnsResolver.js'
export { type DeployTestTokenParameters, deployTestToken } from './eip155/deployTestToken.js'
export {
  type InstallPolkadotTestExtensionOptions,
  installPolkadotTestExtension,
  type PolkadotTestExtensionAccount,
  type PolkadotTestExtensionAnswer,
  type PolkadotTestExtensionRequest,
  polkadotTestExtensionInitScript,
} from './polkadot/installPolkadotTestExtension.js'
export {
  type InstallSolanaTestWalletOptions,
  installSolanaTestWallet,
  type SolanaTestWalletAccount,
  type SolanaTestWalletAnswer,
  type SolanaTestWalletRequest,
  solanaTestWalletInitScript,
} from './solana/installSolanaTestWallet.js'
