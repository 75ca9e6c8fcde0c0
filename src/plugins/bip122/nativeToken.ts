/**
 * §9 native token address of the `bip122` namespace.
 * @module
 */

/**
 * The address that stands for native BTC in Bitcoin token lists.
 * @example
 * import { bip122NativeTokenAddress } from '@gangway/kit/bip122'
 * tokens.filter((token) => token.address !== bip122NativeTokenAddress)
 */
export const bip122NativeTokenAddress = '0x'
