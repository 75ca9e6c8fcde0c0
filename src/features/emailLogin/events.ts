/**
 * The email login feature's events. Only the request and its §5 cooldown exist so far; the
 * embedded wallet's frame (OTP, device verification, the user) comes with its own issue.
 * @module
 */
import * as z from 'zod/mini'
import type { EmailLoginState } from './slice.js'

/** Payload schema of every email login event. */
export const emailLoginEvents = {
  'emailLogin/requested': z.object({ email: z.string().check(z.maxLength(320)) }),
} as const

type EmailLoginPayloads = {
  [TType in keyof typeof emailLoginEvents]: z.infer<(typeof emailLoginEvents)[TType]>
}

declare module '../../kernel/index.js' {
  interface FeatureEventPayloads extends EmailLoginPayloads {}
  interface FeatureStates {
    emailLogin: EmailLoginState
  }
}
