/**
 * The activity feature's events: the account's transactions, page by page (§7 history: account,
 * cursor, chainId; response `data` and `next`).
 * @module
 */

import * as z from 'zod/mini'
import {
  caipAddressShapeSchema,
  namespaceSchema,
  serializedKitErrorSchema,
  transactionSchema,
} from '../../kernel/index.js'
import type { activityErrors } from './errors.js'
import type { ActivityState } from './slice.js'

/** Payload schema of every activity event. */
export const activityEvents = {
  'activity/requested': z.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
    cursor: z.optional(z.string().check(z.maxLength(200))),
  }),
  'activity/succeeded': z.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
    transactions: z.array(transactionSchema).check(z.maxLength(100)),
    next: z.nullable(z.string().check(z.maxLength(200))),
    /** The request's cursor: absent for the first page. */
    cursor: z.optional(z.string()),
    /**
     * `false` when the service was still reading the account's past (the page may lack
     * transactions, and empty does not mean "no activity"); absent when it said nothing.
     */
    complete: z.optional(z.boolean()),
  }),
  'activity/failed': z.object({
    namespace: namespaceSchema,
    error: serializedKitErrorSchema,
  }),
} as const

type ActivityPayloads = {
  [TType in keyof typeof activityEvents]: z.infer<(typeof activityEvents)[TType]>
}

declare module '../../kernel/index.js' {
  interface FeatureEventPayloads extends ActivityPayloads {}
  interface FeatureStates {
    activity: ActivityState
  }
  interface FeatureErrorCodes extends Record<keyof typeof activityErrors.entries, true> {}
}
