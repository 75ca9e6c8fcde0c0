/**
 * The SIWX feature's events: sessions added and cleared, and the kit asking the visitor to sign in.
 * @module
 */
import * as z from 'zod/mini'
import { namespaceSchema, siwxSessionSchema } from '../../kernel/index.js'
import type { SiwxState } from './slice.js'

/** Payload schema of every SIWX event. */
export const siwxEvents = {
  'siwx/sessionAdded': z.object({ session: siwxSessionSchema }),
  /** Sessions of these namespaces (all when absent) are dropped: §4 disconnect, step 1. */
  'siwx/sessionsCleared': z.object({ namespaces: z.optional(z.array(namespaceSchema)) }),
  /** §4: connected without a session for this account and network: the sign view opens. */
  'siwx/signInRequested': z.object({ caipAddress: z.string() }),
} as const

type SiwxPayloads = { [TType in keyof typeof siwxEvents]: z.infer<(typeof siwxEvents)[TType]> }

declare module '../../kernel/index.js' {
  interface FeatureEventPayloads extends SiwxPayloads {}
  interface FeatureStates {
    siwx: SiwxState
  }
  interface FeatureErrorCodes {
    SIWX_NOT_ENABLED: true
  }
}
