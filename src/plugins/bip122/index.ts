/**
 * The Bitcoin (`bip122`) chain family on bitcoinjs-lib 7: the plugin, its networks (BIP-122 CAIP-2
 * ids), error mapping, address schemas, BIP-322 verification, account types and the native token
 * address. Importing this entry registers `bip122` in the kit's `PluginRegistry`, so
 * `RegisteredNamespace` includes it. The plugin itself (`bip122()`) loads bitcoinjs-lib only on
 * first Bitcoin use; `bip122AddressSchema`, `createBip122AddressSchema` and `verifyBip322` import it
 * where a site imports them.
 * @module @gangway/kit/bip122
 */

export type { WalletConnectParameters } from '../../walletconnect/index.js'
export { bip122AccountTypes } from './accountTypes.js'
export { verifyBip322 } from './bip322.js'
export { UNISAT_CONNECTOR_ID } from './discovery.js'
export { toBip122KitError } from './errors.js'
export { bip122NativeTokenAddress } from './nativeToken.js'
export {
  type Bip122AddressParameters,
  type Bip122Network,
  type Bip122WalletNetwork,
  bitcoinMainnet,
  bitcoinRegtest,
  bitcoinSignet,
  bitcoinTestnet,
  toBip122NetworkId,
} from './networks.js'
export { type Bip122Parameters, bip122 } from './plugin.js'
export { bip122AddressSchema, createBip122AddressSchema, litecoinRegtest } from './schemas.js'

declare module '../../kernel/index.js' {
  interface PluginRegistry {
    bip122: true
  }
}
