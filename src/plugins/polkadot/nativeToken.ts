/**
 * §9 native token address of the `polkadot` namespace.
 * @module
 */

/**
 * The address that stands for the native currency (DOT, KSM, ...) in Polkadot token lists.
 * @example
 * import { polkadotNativeTokenAddress } from '@gangway/kit/polkadot'
 * tokens.filter((token) => token.address !== polkadotNativeTokenAddress)
 */
export const polkadotNativeTokenAddress = '0x'
