/**
 * The embedded wallet feature's events: an email login asked and answered, the §3 user the frame
 * reports per namespace, and a sign-out. One-time codes never enter the log.
 * @module
 */
import * as z from 'zod/mini'
import { frameUserSchema } from '../../services/gangway/embeddedWalletProtocol.js'
import type { EmbeddedWalletState } from './slice.js'

/** Payload schema of every embedded wallet event. */
export const embeddedWalletEvents = {
  /** §5: the cooldown runs from this event's time. */
  'embeddedWallet/emailRequested': z.object({ email: z.string().check(z.maxLength(320)) }),
  /** §4 email-connect result. */
  'embeddedWallet/emailAnswered': z.object({
    email: z.string().check(z.maxLength(320)),
    action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']),
  }),
  'embeddedWallet/userChanged': z.object({ namespace: z.string(), user: frameUserSchema }),
  'embeddedWallet/signedOut': z.object({}),
} as const

type EmbeddedWalletPayloads = {
  [TType in keyof typeof embeddedWalletEvents]: z.infer<(typeof embeddedWalletEvents)[TType]>
}

declare module '../../kernel/index.js' {
  interface FeatureEventPayloads extends EmbeddedWalletPayloads {}
  interface FeatureStates {
    embeddedWallet: EmbeddedWalletState
  }
}
