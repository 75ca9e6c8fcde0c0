/**
 * The kit's side of the Gangway server's session paths (§7): a nonce per sign-in, the session
 * posted for the server to verify and keep, the sessions of an account read back (another device,
 * a cleared storage), and a sign-out revoking them. Plugs into `siwx({ ...createGangwaySessions() })`.
 * @module
 */
import * as z from 'zod/mini'
import {
  type CaipAddress,
  createLocalStorage,
  type FetchLike,
  KitError,
  parseCaipAddress,
  type SiwxSession,
  type StoragePort,
  siwxSessionSchema,
} from '../../kernel/index.js'
import type { SiwxParameters } from './parameters.js'
import {
  nonceResponseSchema,
  revokeResponseSchema,
  sessionErrorSchema,
  signInResponseSchema,
} from './sessionPaths.js'
import { caipKey } from './slice.js'

/** Parameters of {@link createGangwaySessions}. */
export interface GangwaySessionsParameters {
  /** The Gangway server's base URL (`http://127.0.0.1:8787`), without a trailing slash. */
  readonly baseUrl: string
  /** HTTP; the global `fetch` by default. */
  readonly fetch?: FetchLike
  /**
   * Where the revocation tokens the server hands out are kept (one per signed-in account);
   * `localStorage` in a browser, memory elsewhere, by default.
   */
  readonly storage?: StoragePort
}

/** The hooks {@link createGangwaySessions} returns, for `siwx(...)`. */
export type GangwaySessions = Required<
  Pick<SiwxParameters, 'getNonce' | 'onSignIn' | 'getSessions' | 'onSignOut'>
>

/** Only the shape of each session is read here; the kit verifies each one again. */
const sessionsAnswer = z.object({ sessions: z.array(z.unknown()).check(z.maxLength(64)) })

const TOKEN_PREFIX = 'gangway:siwx-token:'

/**
 * Hooks that use the Gangway server's session paths: `POST /v1/sessions/nonce`,
 * `POST /v1/sessions`, `GET /v1/sessions/{address}` and `POST /v1/sessions/{address}/revoke`.
 * Every answer is checked; a refusal rejects with `HTTP_STATUS` and the server's code in `details`.
 * @example
 * import { createGangwaySessions, siwx } from '@gangway/kit/siwx'
 * const kit = createKit({
 *   plugins: [eip155()],
 *   siwx: { required: true },
 *   features: [siwx({ ...createGangwaySessions({ baseUrl: 'https://gangway.example' }) })],
 * })
 * @param parameters - the server's URL, and optionally HTTP and token storage.
 * @returns `getNonce`, `onSignIn`, `getSessions` and `onSignOut`.
 * @see /docs/siwx.md
 */
export function createGangwaySessions(parameters: GangwaySessionsParameters): GangwaySessions {
  const base = parameters.baseUrl.replace(/\/+$/, '')
  const request: FetchLike =
    parameters.fetch ?? ((url, init) => fetch(url, init as RequestInit) as ReturnType<FetchLike>)
  const storage = parameters.storage ?? createLocalStorage()
  const call = async <TSchema extends z.ZodMiniType>(
    path: string,
    schema: TSchema,
    signal: AbortSignal,
    init: { method?: 'GET' | 'POST'; body?: unknown; token?: string } = {},
  ): Promise<z.infer<TSchema>> => {
    const response = await request(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      signal,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
    const body = await response.json().catch(() => undefined)
    if (!response.ok) {
      const refusal = sessionErrorSchema.safeParse(body)
      throw new KitError('HTTP_STATUS', {
        params: { status: response.status },
        details: refusal.success ? `${refusal.data.code}: ${refusal.data.message}` : undefined,
      })
    }
    const parsed = schema.safeParse(body)
    if (!parsed.success)
      throw new KitError('UNKNOWN_ERROR', { details: `${path} answered an unexpected body.` })
    return parsed.data as z.infer<TSchema>
  }
  const addressOf = (caipAddress: string) =>
    encodeURIComponent(parseCaipAddress(caipAddress as CaipAddress)?.address ?? '')
  const tokenKey = (caipAddress: string) => `${TOKEN_PREFIX}${caipKey(caipAddress)}`
  const sessionAddress = (session: SiwxSession) =>
    `${session.data.chainId}:${session.data.accountAddress}`

  return {
    getNonce: async ({ signal }) =>
      (await call('/v1/sessions/nonce', nonceResponseSchema, signal, { method: 'POST', body: {} }))
        .nonce,
    onSignIn: async (session, { signal }) => {
      const { token } = await call('/v1/sessions', signInResponseSchema, signal, {
        method: 'POST',
        body: session,
      })
      try {
        storage.setItem(tokenKey(sessionAddress(session)), token)
      } catch {
        // Without storage the sign-out cannot revoke on the server; the session still expires.
      }
    },
    getSessions: async ({ caipAddress, signal }) => {
      const networkId = parseCaipAddress(caipAddress)?.networkId ?? ''
      const { sessions } = await call(
        `/v1/sessions/${addressOf(caipAddress)}?chainId=${encodeURIComponent(networkId)}`,
        sessionsAnswer,
        signal,
      )
      // The kit verifies each one again; here only the shape is kept.
      return sessions.flatMap((session) => {
        const parsed = siwxSessionSchema.safeParse(session)
        return parsed.success ? [parsed.data] : []
      })
    },
    onSignOut: async (sessions, { signal }) => {
      for (const session of sessions) {
        const key = tokenKey(sessionAddress(session))
        let token: string | null = null
        try {
          token = storage.getItem(key)
        } catch {
          token = null
        }
        if (!token) continue
        await call(
          `/v1/sessions/${addressOf(sessionAddress(session))}/revoke`,
          revokeResponseSchema,
          signal,
          { method: 'POST', body: { chainId: session.data.chainId }, token },
        )
        try {
          storage.removeItem(key)
        } catch {
          // Nothing to undo: the token is revoked on the server either way.
        }
      }
    },
  }
}
