/**
 * `@gangway/kit/walletconnect`: one WalletConnect client shared by the chain plugins, so a single
 * session carries every registered CAIP-25 namespace. sign-client loads on first use.
 * @module @gangway/kit/walletconnect
 */

export {
  createWalletConnect,
  type WalletConnect,
  type WalletConnectConnectParameters,
  type WalletConnectNamespace,
  type WalletConnectParameters,
  type WalletConnectProposal,
  type WalletConnectRequest,
  type WalletConnectSession,
  type WalletConnectSessionEvent,
} from './createWalletConnect.js'
