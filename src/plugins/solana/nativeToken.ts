/**
 * §9 native token address of the `solana` namespace.
 * @module
 */

/**
 * The address that stands for native SOL in Solana token lists.
 * @example
 * import { solanaNativeTokenAddress } from '@gangway/kit/solana'
 * tokens.filter((token) => token.address !== solanaNativeTokenAddress)
 */
export const solanaNativeTokenAddress = 'So11111111111111111111111111111111111111111'
