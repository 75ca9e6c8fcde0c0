/**
 * The swap feature's §9 constants: they travel with the feature. The ones the Gangway server's
 * convert API shares (networks, slippage, fee, approval gas) are in
 * `src/services/gangway/convertRules.ts`.
 * @module
 */

/** §9: the 27 symbols suggested first in the swap token picker. */
export const SWAP_SUGGESTED_TOKEN_SYMBOLS = Object.freeze([
  'ETH',
  'UNI',
  '1INCH',
  'AAVE',
  'SOL',
  'ZRX',
  'WBTC',
  'DAI',
  'USDC',
  'USDT',
  'ARB',
  'OP',
  'MATIC',
  'LINK',
  'WETH',
  'BNB',
  'AVAX',
  'FTM',
  'CRO',
  'MKR',
  'SNX',
  'COMP',
  'CRV',
  'LDO',
  'APE',
  'SHIB',
  'PEPE',
] as const)

/** §9: a quote's amount is shown to this many decimals. */
export const SWAP_QUOTE_DECIMALS = 6

/** §9: a quote's amount in messages is shown to this many decimals. */
export const SWAP_QUOTE_MESSAGE_DECIMALS = 3
