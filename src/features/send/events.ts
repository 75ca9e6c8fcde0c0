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

const feeSpeedSchema = z.enum(['standard', 'fast', 'instant'])
/** The form a quote is for (amount, receiver, token and speed), so a late quote is never shown for newer input. */
const quoteKeySchema = z.string().check(z.maxLength(600))

/** Payload schema of every send event. */
export const sendEvents = {
  'send/tokenSelected': z.object({ token: z.nullable(tokenBalanceSchema) }),
  'send/amountChanged': z.object({ amount: z.string().check(z.maxLength(100)) }),
  /** The visitor pressed Max: the form's amount becomes the most the account can send. */
  'send/maxRequested': z.object({ namespace: namespaceSchema }),
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
  /** The visitor picked how soon the send should confirm (§7: standard, fast, instant). */
  'send/feeSpeedSelected': z.object({ feeSpeed: feeSpeedSchema }),
  /** The plugin is pricing the form's send (namespaces that quote fees before signing: bip122). */
  'send/quoteRequested': z.object({ namespace: namespaceSchema, key: quoteKeySchema }),
  /** The fee and total of the form's send, shown before the wallet is asked. */
  'send/quoted': z.object({
    namespace: namespaceSchema,
    key: quoteKeySchema,
    fee: decimalStringSchema,
    total: decimalStringSchema,
    symbol: z.string().check(z.minLength(1), z.maxLength(16)),
    feeSpeed: feeSpeedSchema,
    feeRate: z.optional(z.string().check(z.maxLength(32))),
    bySpeed: z.optional(z.boolean()),
  }),
  /** The form's send cannot be made (e.g. the balance cannot pay the fee). */
  'send/quoteFailed': z.object({
    namespace: namespaceSchema,
    key: quoteKeySchema,
    error: serializedKitErrorSchema,
  }),
  'send/requested': z.object({
    namespace: namespaceSchema,
    from: caipAddressShapeSchema,
    to: z.string(),
    amount: decimalStringSchema,
    token: z.nullable(tokenBalanceSchema),
    feeSpeed: z.optional(feeSpeedSchema),
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
