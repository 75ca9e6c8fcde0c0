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

/**
 * ours: the gas a swap is assumed to cost when Max has nothing better to go on (no token to receive
 * chosen yet, or the server could not build a trial swap): more than a one- or two-pool swap on
 * Uniswap V2 costs with the server's headroom (about 250 000 for one pool, fee transfer included).
 */
export const SWAP_MAX_FALLBACK_GAS = 350_000n

/** ours: Max prices the swap's gas on a trial swap of this fraction of the balance (1/100). */
export const SWAP_MAX_TRIAL_DIVISOR = 100n
