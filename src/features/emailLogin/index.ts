/**
 * `@gangway/kit/email-login`: the embedded wallet's email login, so far its request and the §5 30 s
 * cooldown. The kit registers it by default (§9 `email` switch).
 * @module @gangway/kit/email-login
 */

export { emailLogin } from './feature.js'
export type { EmailLoginIntents } from './module.js'
export type { EmailLoginState } from './slice.js'
