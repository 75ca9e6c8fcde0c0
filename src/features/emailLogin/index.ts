/**
 * `gangway/email-login`: the embedded wallet's email login, so far its request and the §5 30 s
 * cooldown. The kit registers it by default (§9 `email` switch).
 * @module gangway/email-login
 */
import { defineFeature } from '../../kernel/index.js'

export type { EmailLoginIntents } from './module.js'
export type { EmailLoginState } from './slice.js'

/**
 * The email login feature.
 * @example
 * import { createKit } from 'gangway'
 * import { emailLogin } from 'gangway/email-login'
 * const kit = createKit({ plugins: [eip155()], features: [emailLogin()] })
 * await kit.features.emailLogin.request('visitor@site.example')
 * @returns the feature.
 * @see /docs/features.md
 */
export const emailLogin = () =>
  defineFeature({
    name: 'emailLogin',
    views: ['EmailLogin', 'EmailVerifyOtp', 'EmailVerifyDevice'],
    load: () => import('./module.js').then((module) => module.emailLoginModule),
  })
