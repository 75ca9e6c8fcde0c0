/**
 * `@gangway/kit/siwx`: sign in with the wallet (SIWX, CAIP-122) as a feature, verified for real:
 * sessions per account and network, verified again when restored, expiring, handed to the site's
 * server and read back from it, and the §4 rules after connect, on cancel and on close. The kit
 * registers it by default; it loads only when the site turns sign-in on (`siwx` option). The site's
 * server verifies the same sessions with `@gangway/kit/siwx-server`.
 * @module @gangway/kit/siwx
 */

export { siwx } from './feature.js'
export {
  createGangwaySessions,
  type GangwaySessions,
  type GangwaySessionsParameters,
} from './gangwaySessions.js'
export type { SiwxIntents } from './intents.js'
export type { SiwxParameters } from './parameters.js'
export {
  type SiwxPrompt,
  type SiwxRecordedSettings,
  selectHasSiwxSession,
  selectSiwxPrompt,
  selectSiwxSettings,
} from './selectors.js'
export { siwxOf } from './siwxOf.js'
export type { SiwxSettings, SiwxState } from './slice.js'
