/**
 * The eager part of the emailLogin feature: its name, views, wake rule and loader, all a page pays for
 * until the feature is used. Kept apart from the feature's public entry so that registering it
 * pulls in nothing else of the feature.
 * @module
 */
import { defineFeature } from '../../kernel/index.js'

/**
 * The email login feature.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { emailLogin } from '@gangway/kit/email-login'
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
