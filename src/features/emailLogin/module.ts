/**
 * The email login's code, loaded the first time the site or the visitor asks for an email login.
 * @module
 */
import {
  emailCooldownSeconds,
  emailSchema,
  type FeatureModule,
  KitError,
  parseOrThrow,
} from '../../kernel/index.js'
import { emailLoginEvents } from './events.js'
import { type EmailLoginState, emailLoginSlice } from './slice.js'

/** `kit.features.emailLogin.*`. */
export interface EmailLoginIntents {
  /**
   * Records an email login request (§5: a valid email, and none within 30 s of the previous one).
   * @throws VALIDATION_FAILED, EMAIL_LOGIN_COOLDOWN ('Please try again after N seconds')
   */
  request(email: string): void
}

/** Everything the email login feature brings when it loads. */
export const emailLoginModule: FeatureModule<EmailLoginState, EmailLoginIntents> = {
  events: emailLoginEvents,
  slice: emailLoginSlice,
  intents: (context) => ({
    request: (email) => {
      const valid = parseOrThrow(emailSchema, email)
      const seconds = emailCooldownSeconds(
        context.getState().emailLogin?.lastRequestAt ?? null,
        context.env.clock.now(),
      )
      if (seconds > 0) throw new KitError('EMAIL_LOGIN_COOLDOWN', { params: { seconds } })
      context.append({ type: 'emailLogin/requested', payload: { email: valid } })
    },
  }),
}
