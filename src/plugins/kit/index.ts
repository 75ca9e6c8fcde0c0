/**
 * `@gangway/kit/plugin-kit`: what every chain plugin needs beside its chain library, so a new
 * family writes only what is its own. `createLazyAdapter` is the adapter shell (discovery at
 * once, the chain code and WalletConnect on first use), `createNamespaceConnector` the plugin's
 * WalletConnect connector over the shared hub, `createPluginErrors` the family's own error
 * codes. The shipped eip155 and solana plugins are built on them. No chain library here.
 * @module @gangway/kit/plugin-kit
 */

export {
  createLazyAdapter,
  type LazyAdapterDiscovery,
  type LazyAdapterMethod,
  type LazyAdapterParameters,
  type LazyAdapterTools,
  type LazyAdapterWalletConnect,
  type LazyMethodOf,
  type LazyWalletConnectConnector,
} from './createLazyAdapter.js'
export {
  createNamespaceConnector,
  type NamespaceConnector,
  type NamespaceConnectorParameters,
  type NamespaceRequest,
  type NamespaceSession,
  type NamespaceSessionAccount,
  type NamespaceSessionChange,
} from './createNamespaceConnector.js'
export { createPluginErrors, type PluginErrors } from './createPluginErrors.js'
export { errorChain } from './errorChain.js'
