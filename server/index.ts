/**
 * `@gangway/server`: the self-hostable Gangway server (WalletConnect relay, wallet registry, data
 * service, activity indexer and sign-in session paths) as a library: load a configuration, start it, close it.
 * @module @gangway/server
 */
export {
  type ChainConfig,
  ConfigError,
  loadConfig,
  parseConfig,
  type RelayLimits,
  type ServerConfig,
  type ServerConfigInput,
  type SiwxConfig,
  serverConfigSchema,
  type TokenConfig,
} from './config.js'
export { createLogger, type Logger, type LogLevel } from './log.js'
export type { WalletRegistryEntry, WalletRegistryRequest } from './registry/registry.js'
export type { MessageStore, StoredMessage } from './relay/messageStore.js'
export { type RunningServer, type StartServerOptions, startServer } from './startServer.js'
export { DataDirLockedError } from './storage/lock.js'
export { type LocalRelay, type StartRelayOptions, startRelay } from './testing/startRelay.js'
export {
  type LocalWalletRegistry,
  type StartWalletRegistryOptions,
  startWalletRegistry,
} from './testing/startWalletRegistry.js'
