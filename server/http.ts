/**
 * HTTP conventions of every path: errors are `{ code, message }` with a fitting status, input is
 * checked by a zod schema before anything runs, and output is checked before it is sent. Bodies
 * are bounded before they are read, and what anyone may make the server do costs a budget per
 * network source.
 * @module
 */
import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type * as z from 'zod/mini'
import { createSourceOf, type SourceOf } from './source.js'

/** The largest request body any path reads (every body the server takes is a small JSON). */
export const MAX_BODY_BYTES = 64 * 1024

/** An error a handler answers with. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** Headers the answer carries (`retry-after` on a refused budget). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message)
  }
}

/**
 * Checks input against a schema.
 * @param schema - the schema.
 * @param input - query, params or body.
 * @param what - what the input is, for the message (`query`, `body`).
 * @returns the parsed input.
 * @throws HttpError 400 `INVALID_REQUEST` naming each bad field.
 */
export function parseInput<TSchema extends z.ZodMiniType>(
  schema: TSchema,
  input: unknown,
  what: string,
): z.infer<TSchema> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data as z.infer<TSchema>
  const details = parsed.error.issues
    .map((issue) => `${[what, ...issue.path.map(String)].join('.')}: ${issue.message}`)
    .join('; ')
  throw new HttpError(400, 'INVALID_REQUEST', details)
}

/**
 * Sends a JSON answer after checking it against its schema, so the service never sends what its
 * own clients would refuse.
 * @throws HttpError 500 `INVALID_RESPONSE` when the answer fails its schema (a bug, logged).
 */
export function sendChecked<TSchema extends z.ZodMiniType>(
  context: Context,
  schema: TSchema,
  body: z.infer<TSchema>,
): Response {
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    throw new HttpError(500, 'INVALID_RESPONSE', 'The server built an answer that fails its schema')
  }
  return context.json(parsed.data as object)
}

/** The 413 a body over the limit gets; the connection is closed rather than read to its end. */
export const bodyTooLarge = (maxBytes: number): HttpError =>
  new HttpError(413, 'BODY_TOO_LARGE', `The body is larger than ${maxBytes} bytes`, {
    connection: 'close',
  })

/**
 * Whether a request declares (`content-length`) a body over the limit: such a request is refused
 * before a byte of it is read.
 */
export function declaresTooLarge(context: Context, maxBytes = MAX_BODY_BYTES): boolean {
  const declared = context.req.header('content-length')
  return declared !== undefined && (!/^\d{1,15}$/.test(declared) || Number(declared) > maxBytes)
}

/**
 * Reads a request's body, at most `maxBytes` of it: a chunked upload (no `content-length`) is cut
 * off at the limit, so memory never grows with what a client sends.
 * @throws HttpError 413 `BODY_TOO_LARGE`.
 */
export async function readBounded(context: Context, maxBytes: number): Promise<Uint8Array> {
  if (declaresTooLarge(context, maxBytes)) throw bodyTooLarge(maxBytes)
  const body = context.req.raw.body
  if (!body) return new Uint8Array()
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      // What is left is never read; the HTTP layer drops the connection after the answer.
      await reader.cancel().catch(() => undefined)
      throw bodyTooLarge(maxBytes)
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/**
 * Reads a JSON body of at most `maxBytes`: refused by its `content-length` before it is read, and
 * cut off at the limit when it comes in chunks.
 * @throws HttpError 400 `INVALID_JSON`, 413 `BODY_TOO_LARGE`, 415 `UNSUPPORTED_MEDIA_TYPE`.
 */
export async function readJson(context: Context, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const type = context.req.header('content-type') ?? ''
  if (!type.toLowerCase().startsWith('application/json')) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json')
  }
  const text = new TextDecoder().decode(await readBounded(context, maxBytes))
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, 'INVALID_JSON', 'The body is not JSON')
  }
}

const resolvers = new WeakMap<readonly string[], SourceOf>()

/**
 * The network source a request counts against: the peer's IPv4 address, or its IPv6 /64; behind
 * one of the operator's `trustedProxies`, the address that proxy appended to `x-forwarded-for`.
 * The relay tells its sockets' sources the same way (`server/source.ts`, decision 0300).
 * @param context - the request.
 * @param trustedProxies - the configuration's `trustedProxies`.
 * @returns the source key; `local` for an in-process request.
 */
export function sourceOf(context: Context, trustedProxies: readonly string[]): string {
  const incoming = (context.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (!incoming?.socket) return 'local'
  let resolve = resolvers.get(trustedProxies)
  if (!resolve) {
    resolve = createSourceOf(trustedProxies)
    resolvers.set(trustedProxies, resolve)
  }
  return resolve(incoming)
}

/** A budget per network source (see {@link createSourceBudget}). */
export interface SourceBudget {
  /**
   * Spends one unit of the source's budget.
   * @returns `0` when spent, else the seconds until a unit is back.
   */
  take(source: string): number
}

/**
 * A token bucket per source: `burst` at once, then `perHour` spread over the hour. At most
 * `maxSources` buckets are kept (the least recently used go first), so the budget itself is
 * bounded whatever number of sources asks; each call is O(1).
 * @param parameters - the rate, the burst, the bound on sources and the clock.
 * @returns the budget.
 */
export function createSourceBudget(parameters: {
  readonly perHour: number
  readonly burst: number
  readonly maxSources?: number
  readonly now: () => number
}): SourceBudget {
  const perMs = parameters.perHour / 3_600_000
  const maxSources = parameters.maxSources ?? 10_000
  /** Insertion order is use order: the first bucket is the least recently used. */
  const buckets = new Map<string, { tokens: number; at: number }>()
  return {
    take(source) {
      const now = parameters.now()
      const bucket = buckets.get(source) ?? { tokens: parameters.burst, at: now }
      buckets.delete(source)
      bucket.tokens = Math.min(parameters.burst, bucket.tokens + (now - bucket.at) * perMs)
      bucket.at = now
      buckets.set(source, bucket)
      if (buckets.size > maxSources) buckets.delete(buckets.keys().next().value!)
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return 0
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1_000))
    },
  }
}

/**
 * The 429 a source over its budget gets.
 * @param what - what was refused, for the message.
 * @param retryAfter - seconds until the source may ask again.
 */
export const rateLimited = (what: string, retryAfter: number): HttpError =>
  new HttpError(429, 'RATE_LIMITED', `Too many ${what} from this network; try again later`, {
    'retry-after': String(retryAfter),
  })
