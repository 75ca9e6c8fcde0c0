/**
 * The send feature's events: the form as the visitor fills it, and the send operation triple.
 * @module
 */

import * as z from 'zod/mini'
import {
  caipAddressShapeSchema,
  caipNetworkIdSchema,
  decimalStringSchema,
  namespaceSchema,
  serializedKitErrorSchema,
  tokenBalanceSchema,
} from '../../kernel/index.js'
import type { sendErrors } from './errors.js'
import type { SendState } from './slice.js'

/** Payload schema of every send event. */
export const sendEvents = {
  'send/tokenSelected': z.object({ token: z.nullable(tokenBalanceSchema) }),
  'send/amountChanged': z.object({ amount: z.string().check(z.maxLength(100)) }),
  /** `isValid`: whether the receiver passed the namespace's address schema when typed. */
  'send/receiverChanged': z.object({
    address: z.string().check(z.maxLength(200)),
    isValid: z.boolean(),
    profileName: z.optional(z.string()),
    profileImageUrl: z.optional(z.string()),
  }),
  /** The plugin's stricter check refused a receiver the schema accepted (a wrong EIP-55 checksum). */
  'send/receiverChecked': z.object({
    address: z.string().check(z.maxLength(200)),
    isValid: z.boolean(),
  }),
  'send/gasEstimated': z.object({
    gasPrice: decimalStringSchema,
    gasPriceInUSD: z.number(),
    networkBalanceInUSD: z.number(),
  }),
  'send/requested': z.object({
    namespace: namespaceSchema,
    from: caipAddressShapeSchema,
    to: z.string(),
    amount: decimalStringSchema,
    token: z.nullable(tokenBalanceSchema),
  }),
  'send/succeeded': z.object({
    namespace: namespaceSchema,
    hash: z.string().check(z.minLength(1), z.maxLength(200)),
    /** The network the transaction went to (its explorer link and receipt are there). */
    networkId: z.optional(caipNetworkIdSchema),
  }),
  'send/failed': z.object({ namespace: namespaceSchema, error: serializedKitErrorSchema }),
  /** The sent transaction was mined: `success`, or `reverted` on chain. */
  'send/confirmed': z.object({
    namespace: namespaceSchema,
    hash: z.string(),
    status: z.enum(['success', 'reverted']),
  }),
  'send/reset': z.object({}),
} as const

type SendPayloads = { [TType in keyof typeof sendEvents]: z.infer<(typeof sendEvents)[TType]> }

declare module '../../kernel/index.js' {
  interface FeatureEventPayloads extends SendPayloads {}
  interface FeatureStates {
    send: SendState
  }
  interface FeatureErrorCodes extends Record<keyof typeof sendErrors.entries, true> {}
}
