/**
 * The embedded wallet feature's events: an email login asked and answered, an email update's
 * steps, the §3 user the frame
 * reports per namespace, a sign-out, and the frame's approvals shown, answered or left. One-time
 * codes never enter the log.
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
  /**
   * §4 email-update step: a code went to the current address (VERIFY_PRIMARY_OTP) or to the new
   * one (VERIFY_SECONDARY_OTP); `email` is the new address asked for.
   */
  'embeddedWallet/emailUpdateAnswered': z.object({
    email: z.string().check(z.maxLength(320)),
    action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']),
  }),
  /** §4 the new address confirmed: the account reads it now. */
  'embeddedWallet/emailUpdated': z.object({ email: z.string().check(z.maxLength(320)) }),
  'embeddedWallet/userChanged': z.object({ namespace: z.string(), user: frameUserSchema }),
  /** The frame shows something for the visitor's click for this request (decision 0716). */
  'embeddedWallet/approvalShown': z.object({ requestId: z.string().check(z.maxLength(64)) }),
  /** The frame no longer does (answered). */
  'embeddedWallet/approvalHidden': z.object({ requestId: z.string().check(z.maxLength(64)) }),
  /** The visitor left the view showing it (closed the modal, went back): the request is declined. */
  'embeddedWallet/approvalLeft': z.object({ requestId: z.string().check(z.maxLength(64)) }),
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
