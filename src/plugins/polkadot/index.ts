/**
 * The Polkadot and Substrate (`polkadot`) chain family: SS58 address schemas, account types and the
 * native token address. Importing this entry registers `polkadot` in the kit's `PluginRegistry`,
 * so `RegisteredNamespace` includes it.
 * @module @gangway/kit/polkadot
 */

export { polkadotAccountTypes } from './accountTypes.js'
export { polkadotNativeTokenAddress } from './nativeToken.js'
export { createPolkadotAddressSchema, polkadotAddressSchema } from './schemas.js'

declare module '../../kernel/index.js' {
  interface PluginRegistry {
    polkadot: true
  }
}
