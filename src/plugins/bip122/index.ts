/**
 * The Bitcoin (`bip122`) chain family: address schemas, Litecoin regtest network parameters,
 * account types and the native token address. Importing this entry registers `bip122` in the kit's
 * `PluginRegistry`, so `RegisteredNamespace` includes it.
 * @module @gangway/kit/bip122
 */

export { bip122AccountTypes } from './accountTypes.js'
export { bip122NativeTokenAddress } from './nativeToken.js'
export { bip122AddressSchema, createBip122AddressSchema, litecoinRegtest } from './schemas.js'

declare module '../../kernel/index.js' {
  interface PluginRegistry {
    bip122: true
  }
}
