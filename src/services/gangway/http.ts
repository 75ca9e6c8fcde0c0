/**
 * The one way the kit's service clients call the Gangway server: JSON in and out, every answer
 * checked by its zod schema, a failed status read as 'HTTP status code: N' (or as the kit error
 * the server named, for the codes the kit knows) and anything else as 'Unknown error' (§8).
 * @module
 */
import type * as z from 'zod/mini'
import {
  type ErrorCode,
  type ErrorCodeEntry,
  type FetchLike,
  KitError,
} from '../../kernel/index.js'
import { serviceErrorSchema } from './schemas.js'

/** Calls one path: `GET` without a body, `POST` with one. */
export type ServiceCall = <TSchema extends z.ZodMiniType>(
  path: string,
  schema: TSchema,
  signal: AbortSignal,
  body?: unknown,
) => Promise<z.infer<TSchema>>

/**
 * Makes the caller of a server at `baseUrl`.
 * @param baseUrl - the server's base URL (trailing slashes are dropped).
 * @param fetcher - HTTP; the global `fetch` when omitted.
 * @param service - what the server is, in messages for developers.
 * @param knownErrors - server error codes that are kit codes too, with their entries: the client
 * raises them as they are.
 * @returns the caller.
 * @internal
 */
export function createServiceCall(
  baseUrl: string,
  fetcher?: FetchLike,
  service = 'Gangway server',
  knownErrors: Readonly<Record<string, ErrorCodeEntry>> = {},
): ServiceCall {
  const base = baseUrl.replace(/\/+$/, '')
  const fetch: FetchLike = fetcher ?? ((url, init) => globalThis.fetch(url, init as RequestInit))
  return async (path, schema, signal, body) => {
    let response: Awaited<ReturnType<FetchLike>>
    try {
      response = await fetch(`${base}${path}`, {
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        signal,
        ...(body === undefined ? {} : { method: 'POST' as const, body: JSON.stringify(body) }),
      })
    } catch (error) {
      if (signal.aborted) throw signal.reason ?? error
      throw new KitError('UNKNOWN_ERROR', {
        cause: error,
        details: `The ${service} at ${base} could not be reached.`,
      })
    }
    let json: unknown
    try {
      json = await response.json()
    } catch (error) {
      if (signal.aborted) throw signal.reason ?? error
      json = undefined
    }
    if (!response.ok) {
      const problem = serviceErrorSchema.safeParse(json)
      const entry = problem.success ? knownErrors[problem.data.code] : undefined
      if (problem.success && entry) {
        throw new KitError(problem.data.code as ErrorCode, {
          details: problem.data.message,
          entry,
        })
      }
      throw new KitError('HTTP_STATUS', {
        params: { status: response.status },
        ...(problem.success ? { details: `${problem.data.code}: ${problem.data.message}` } : {}),
      })
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      throw new KitError('UNKNOWN_ERROR', {
        details: `The ${service} answered ${path.split('?')[0]} with an unexpected body.`,
      })
    }
    return parsed.data as z.infer<typeof schema>
  }
}
