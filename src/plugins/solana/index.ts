/**
 * The Solana (`solana`) chain family: address schema, account types and the native token address.
 * Importing this entry registers `solana` in the kit's `PluginRegistry`, so `RegisteredNamespace`
 * includes it.
 * @module gangway/solana
 */

export { solanaAccountTypes } from './accountTypes.js'
export { solanaNativeTokenAddress } from './nativeToken.js'
export { solanaAddressSchema } from './schemas.js'

declare module '../../kernel/index.js' {
  interface PluginRegistry {
    solana: true
  }
}
