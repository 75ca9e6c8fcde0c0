/**
 * The Polkadot and Substrate (`polkadot`) chain family on `@polkadot/api`: the plugin, its
 * networks, error codes and mapping, SS58 address schemas, account types and the native token
 * address. Importing this entry registers `polkadot` in the kit's `PluginRegistry`, so
 * `RegisteredNamespace` includes it.
 * @module @gangway/kit/polkadot
 */

export type { WalletConnectParameters } from '../../walletconnect/index.js'
export { polkadotAccountTypes } from './accountTypes.js'
export { type PolkadotErrorCode, polkadotErrors } from './errorCodes.js'
export { toPolkadotKitError } from './errors.js'
export { polkadotNativeTokenAddress } from './nativeToken.js'
export {
  kusamaAssetHub,
  kusamaMainnet,
  type PolkadotLocalnetParameters,
  type PolkadotNetwork,
  polkadotAssetHub,
  polkadotLocalnet,
  polkadotMainnet,
  toPolkadotNetworkId,
} from './networks.js'
export { type PolkadotParameters, polkadot } from './plugin.js'
export { createPolkadotAddressSchema, polkadotAddressSchema } from './schemas.js'

declare module '../../kernel/index.js' {
  interface PluginRegistry {
    polkadot: true
  }
}
