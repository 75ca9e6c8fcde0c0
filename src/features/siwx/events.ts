/**
 * The SIWX feature's events: verified sessions added, stored ones checked, expired and cleared, the
 * kit asking the visitor to sign in, and the sign-in and verification operations.
 * @module
 */
import * as z from 'zod/mini'
import {
  caipAddressShapeSchema,
  namespaceSchema,
  serializedKitErrorSchema,
  siwxSessionSchema,
} from '../../kernel/index.js'
import type { siwxErrors } from './errors.js'
import type { SiwxState } from './slice.js'

/** Payload schema of every SIWX event. */
export const siwxEvents = {
  /** A session of the site's (`getSessions`) passed verification: it counts. */
  'siwx/sessionAdded': z.object({ session: siwxSessionSchema }),
  /** Sessions of these namespaces (all when absent) are dropped: §4 disconnect, step 1. */
  'siwx/sessionsCleared': z.object({ namespaces: z.optional(z.array(namespaceSchema)) }),
  /** §4: connected without a session for this account and network: the sign view opens. */
  'siwx/signInRequested': z.object({ caipAddress: z.string() }),
  /**
   * The sessions storage kept were verified again: the valid ones count from now on; the others
   * (forged, expired, for another site) are dropped, each with its verification code.
   */
  'siwx/storedSessionsChecked': z.object({
    kept: z.array(siwxSessionSchema),
    dropped: z.array(z.object({ caipAddress: z.string(), code: z.string() })),
  }),
  /** Sessions whose expiration time has come: they no longer count. */
  'siwx/sessionsExpired': z.object({ caipAddresses: z.array(z.string()) }),
  /**
   * A sign-in: with the connected account (`caipAddress`: the sign view's button, the wallet signs),
   * or with a session the site obtained itself (`session`, `kit.features.siwx.addSession`).
   */
  'siwx/requested': z.union([
    z.object({ caipAddress: caipAddressShapeSchema }),
    z.object({ session: siwxSessionSchema }),
  ]),
  /** The session was verified (and, when the wallet signed, accepted by the site): it counts. */
  'siwx/succeeded': z.object({ session: siwxSessionSchema }),
  'siwx/failed': z.object({ error: serializedKitErrorSchema }),
} as const

type SiwxPayloads = { [TType in keyof typeof siwxEvents]: z.infer<(typeof siwxEvents)[TType]> }

declare module '../../kernel/index.js' {
  interface FeatureEventPayloads extends SiwxPayloads {}
  interface FeatureStates {
    siwx: SiwxState
  }
  interface FeatureErrorCodes extends Record<keyof typeof siwxErrors.entries, true> {}
}
