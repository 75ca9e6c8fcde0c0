/**
 * The relay's JSON-RPC methods and their parameter schemas (the subset of the WalletConnect relay
 * protocol `@walletconnect/core` 2.x speaks), and its error codes.
 * @module
 */
import * as z from 'zod'

/** Most topics in one batch call. */
export const MAX_BATCH_TOPICS = 500
/** The ttl for `wc_*Session` calls that give none (sign-client's five minutes). */
export const DEFAULT_SESSION_TTL_SECONDS = 300

/** The tags the relay attaches when a `wc_*Session` call gives none (sign-client's constants). */
export const TAG_SESSION_PROPOSE = 1100
export const TAG_SESSION_PROPOSE_RESPONSE = 1101
export const TAG_SESSION_SETTLE = 1102

/** JSON-RPC 2.0 error codes, and EIP-1474's "limit exceeded" for budgets. */
export const RPC_ERRORS = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  limitExceeded: -32005,
} as const

/** A JSON-RPC error the relay answers with. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Text the database keeps as given: PostgreSQL's text refuses NUL, and a lone surrogate would be
 * stored as U+FFFD, so a message read back would differ from the one published.
 */
const storableText = (schema: z.ZodString) =>
  schema
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL')
    // With the u flag a surrogate pair is one code point: only a lone surrogate is \p{Cs}.
    .refine((value) => !/\p{Cs}/u.test(value), 'must be well-formed Unicode (no lone surrogates)')
const topic = storableText(z.string().min(1).max(256))
const message = storableText(z.string().min(1))
/** Whole seconds: `expires_at` is an integer column of milliseconds. */
const ttl = z.number().int().positive()
/** The `tag` column is int4. */
const tag = z
  .number()
  .int()
  .min(-(2 ** 31))
  .max(2 ** 31 - 1)
  .optional()

const publishParams = z.object({
  topic,
  message,
  ttl,
  tag,
  prompt: z.boolean().optional(),
  // Accepted and dropped: offline, a wallet given a non-empty attestation can wait forever.
  attestation: z.string().optional(),
})

/** The parameters of every method the relay answers. */
export const PARAMS = {
  irn_subscribe: z.object({ topic }),
  irn_batchSubscribe: z.object({ topics: z.array(topic).min(1).max(MAX_BATCH_TOPICS) }),
  irn_unsubscribe: z.object({ topic, id: z.string().optional() }),
  irn_batchUnsubscribe: z.object({
    subscriptions: z.array(z.object({ topic, id: z.string().optional() })).max(MAX_BATCH_TOPICS),
  }),
  irn_publish: publishParams,
  irn_batchPublish: z.object({ messages: z.array(publishParams).max(MAX_BATCH_TOPICS) }),
  irn_fetchMessages: z.object({ topic }),
  irn_batchFetchMessages: z.object({ topics: z.array(topic).max(MAX_BATCH_TOPICS) }),
  wc_proposeSession: z.object({
    pairingTopic: topic,
    sessionProposal: message,
    ttl: ttl.optional(),
    tag,
  }),
  wc_approveSession: z.object({
    sessionTopic: topic,
    pairingTopic: topic,
    sessionProposalResponse: message,
    sessionSettlementRequest: message,
    ttl: ttl.optional(),
    tag,
  }),
} as const

/** A method the relay answers. */
export type Method = keyof typeof PARAMS

const idSchema = z.union([z.string().max(64), z.number()])
/** A request frame. */
export const requestSchema = z.object({
  jsonrpc: z.literal('2.0').optional(),
  id: idSchema,
  method: z.string().max(64),
  params: z.unknown().optional(),
})
/** A response frame (a client acknowledging an `irn_subscription`). */
export const responseSchema = z.object({ id: idSchema })

/**
 * A method's parameters, checked.
 * @throws RpcError -32602 naming each bad field.
 */
export function parseParams<TMethod extends Method>(
  method: TMethod,
  params: unknown,
): z.infer<(typeof PARAMS)[TMethod]> {
  const parsed = PARAMS[method].safeParse(params)
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.map(String).join('.') || 'params'}: ${issue.message}`)
      .join('; ')
    throw new RpcError(RPC_ERRORS.invalidParams, `Invalid params for ${method}: ${details}`)
  }
  return parsed.data as z.infer<(typeof PARAMS)[TMethod]>
}
