/**
 * The on-ramp feature's §9 constants, defined with the feature ahead of its flows.
 * TODO(onramp): the OnRampProviders and OnRampTokenSelect views, the §7 on-ramp paths.
 * @module
 */

/** §9: namespaces the on-ramp serves. */
export const ONRAMP_NAMESPACES = Object.freeze(['eip155', 'solana'] as const)

/** §9: the on-ramp providers' fee range, in percent. */
export const ONRAMP_FEE_RANGE_PERCENT = Object.freeze([1, 2] as const)

/** §9: on-ramp fallback purchase limits, in the fiat currency of the quote. */
export const ONRAMP_FALLBACK_LIMITS = Object.freeze({
  card: Object.freeze({ min: 10, max: 7_500 }),
  bankAccount: Object.freeze({ min: 10, max: 25_000 }),
})

/** §9: networks where card payments are offered. */
export const CARD_PAY_NETWORKS = Object.freeze([
  'ethereum',
  'arbitrum',
  'polygon',
  'berachain',
  'avalanche-c-chain',
  'optimism',
  'celo',
  'base',
] as const)

/** §9: timezones where on-ramp purchases are restricted (China, Hong Kong, Macau). */
export const RESTRICTED_TIMEZONES = Object.freeze([
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Hong_Kong',
  'Asia/Macau',
] as const)
