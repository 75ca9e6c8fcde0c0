/**
 * The Solana (`solana`) chain family on `@solana/web3.js` 1.x: the plugin, its networks, error
 * mapping, address schema and decoding, account types and the native token address. Importing
 * this entry registers `solana` in the kit's `PluginRegistry`, so `RegisteredNamespace` includes it.
 * @module @gangway/kit/solana
 */

export type { WalletConnectParameters } from '../../walletconnect/index.js'
export { solanaAccountTypes } from './accountTypes.js'
export { SOLANA_INJECTED_CONNECTOR_ID } from './discovery.js'
export { toSolanaKitError } from './errors.js'
export { solanaNativeTokenAddress } from './nativeToken.js'
export {
  type SolanaNetwork,
  solanaDevnet,
  solanaLocalnet,
  solanaMainnet,
  solanaTestnet,
  toSolanaNetworkId,
} from './networks.js'
export { type SolanaParameters, solana } from './plugin.js'
export { decodeSolanaAddress, solanaAddressSchema } from './schemas.js'

declare module '../../kernel/index.js' {
  interface PluginRegistry {
    solana: true
  }
}
