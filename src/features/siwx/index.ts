/**
 * `gangway/siwx`: sign in with the wallet (SIWX, CAIP-122) as a feature: sessions per account and
 * network, kept across reloads, the §4 rules after connect, on cancel and on close. The kit
 * registers it by default; it loads only when the site turns sign-in on (`siwx` option).
 * @module gangway/siwx
 */

export { siwx } from './feature.js'
export type { SiwxIntents } from './intents.js'
export { selectHasSiwxSession } from './selectors.js'
export type { SiwxState } from './slice.js'
