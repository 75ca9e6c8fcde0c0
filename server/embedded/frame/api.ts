/**
 * The frame's client of its own origin's API: every call same-origin, naming the project, the
 * site the frame was loaded for and this device; answers zod-checked; each call bounded.
 * @module
 */
import * as z from 'zod/mini'

/** An error the wallet origin answered with (`code`, and §8's message where it has one). */
export class WalletApiError extends Error {
  override name = 'WalletApiError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** Where and as whom the frame calls. */
export interface FrameApiOptions {
  readonly walletOrigin: string
  readonly projectId: string
  readonly site: string
  /** This device's token (kept in the frame's partitioned storage). */
  readonly device: string
  /** The session token, when logged in (kept beside the partitioned cookie). */
  token?: string | undefined
  /** Headers a test adds (Node's fetch sends no `Origin` of its own). */
  readonly extraHeaders?: Readonly<Record<string, string>>
  readonly fetch?: typeof fetch
  /** Longest a call may take, in ms (long-polls included). */
  readonly timeoutMs?: number
}

const errorBody = z.object({ code: z.string(), message: z.string() })

/** The frame's API client. */
export interface FrameApi {
  readonly options: FrameApiOptions
  call<TSchema extends z.ZodMiniType>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: TSchema,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<z.infer<TSchema>>
}

/**
 * Creates the client.
 * @param options - origin, project, site, device, token.
 * @returns the client.
 */
export function createFrameApi(options: FrameApiOptions): FrameApi {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  return {
    options,
    call: async (method, path, schema, body, signal) => {
      const bound = AbortSignal.timeout(options.timeoutMs ?? 35_000)
      const response = await doFetch(`${options.walletOrigin}${path}`, {
        method,
        credentials: 'same-origin',
        signal: signal ? AbortSignal.any([signal, bound]) : bound,
        headers: {
          ...options.extraHeaders,
          'x-project-id': options.projectId,
          'x-gangway-site': options.site,
          'x-gangway-device': options.device,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const json: unknown = await response.json().catch(() => undefined)
      if (!response.ok) {
        const parsed = errorBody.safeParse(json)
        throw new WalletApiError(
          response.status,
          parsed.success ? parsed.data.code : 'HTTP',
          parsed.success ? parsed.data.message : `HTTP status code: ${response.status}`,
        )
      }
      const parsed = schema.safeParse(json)
      if (!parsed.success) throw new WalletApiError(502, 'INVALID_ANSWER', 'An error occurred')
      return parsed.data as z.infer<typeof schema>
    },
  }
}
