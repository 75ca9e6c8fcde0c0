/**
 * §9 native token address of the `eip155` namespace.
 * @module
 */

/**
 * The address that stands for the native currency (ETH, POL, ...) in EVM token lists.
 * @example
 * import { eip155NativeTokenAddress } from '@gangway/kit/eip155'
 * tokens.filter((token) => token.address !== eip155NativeTokenAddress)
 */
export const eip155NativeTokenAddress = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
