/**
 * The EVM (`eip155`) chain family: address and network-id schemas, account types and the native
 * token address. Importing this entry registers `eip155` in the kit's `PluginRegistry`, so
 * `RegisteredNamespace` includes it.
 * @module gangway/eip155
 */

export { eip155AccountTypes } from './accountTypes.js'
export { eip155NativeTokenAddress } from './nativeToken.js'
export { eip155AddressSchema, eip155NetworkIdSchema } from './schemas.js'

declare module '../../kernel/index.js' {
  interface PluginRegistry {
    eip155: true
  }
}
