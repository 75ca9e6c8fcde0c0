/**
 * HTTP conventions of every path: errors are `{ code, message }` with a fitting status, input is
 * checked by a zod schema before anything runs, and output is checked before it is sent.
 * @module
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type * as z from 'zod/mini'

/** An error a handler answers with. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
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

/**
 * Reads a JSON body of at most `maxBytes`.
 * @throws HttpError 400 `INVALID_JSON`, 413 `BODY_TOO_LARGE`, 415 `UNSUPPORTED_MEDIA_TYPE`.
 */
export async function readJson(context: Context, maxBytes = 64 * 1024): Promise<unknown> {
  const type = context.req.header('content-type') ?? ''
  if (!type.toLowerCase().startsWith('application/json')) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json')
  }
  const text = await context.req.text()
  if (Buffer.byteLength(text) > maxBytes) {
    throw new HttpError(413, 'BODY_TOO_LARGE', `The body is larger than ${maxBytes} bytes`)
  }
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, 'INVALID_JSON', 'The body is not JSON')
  }
}
