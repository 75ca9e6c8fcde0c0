/**
 * The EVM (`eip155`) chain family on viem: the plugin, its transports, error mapping and network
 * descriptors, address and network-id schemas, account types and the native token address.
 * Importing this entry registers `eip155` in the kit's `PluginRegistry`.
 * @module @gangway/kit/eip155
 */

export type { WalletConnectParameters } from '../../walletconnect/index.js'
export { eip155AccountTypes } from './accountTypes.js'
export { INJECTED_CONNECTOR_ID } from './discovery.js'
export { toEip155KitError } from './errors.js'
export { eip155NativeTokenAddress } from './nativeToken.js'
export { toEip155NetworkId, toNetworkDescriptor } from './networks.js'
export { type Eip155Parameters, eip155 } from './plugin.js'
export { eip155AddressSchema, eip155NetworkIdSchema } from './schemas.js'
export {
  createEip155Transport,
  DEFAULT_GATEWAY_URL,
  type Eip155TransportParameters,
  eip155RpcUrls,
} from './transport.js'

declare module '../../kernel/index.js' {
  interface PluginRegistry {
    eip155: true
  }
}
