/**
 * The kit's side of the Gangway server's session paths (§7): a nonce per sign-in, the session
 * posted for the server to verify and keep (its token kept here), the sessions of an account read
 * back with such a token (decision 0502), and a sign-out revoking them. Plugs into `siwx({ ...createGangwaySessions() })`.
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
import {
  nonceResponseSchema,
  revokeResponseSchema,
  sessionErrorSchema,
  signInResponseSchema,
} from '../../siwx/sessionPaths.js'
import type { SiwxParameters } from './parameters.js'
import { caipKey } from './slice.js'

/** Parameters of {@link createGangwaySessions}. */
export interface GangwaySessionsParameters {
  /** The Gangway server's base URL (`http://127.0.0.1:8787`), without a trailing slash. */
  readonly baseUrl: string
  /** HTTP; the global `fetch` by default. */
  readonly fetch?: FetchLike
  /**
   * Where the tokens the server hands out are kept (one per signed-in account and network): they
   * revoke a session at sign-out and let this device read the account's sessions back.
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

/** The server refused a token (401): revoked, expired, or never this account's. */
class TokenRefused extends Error {}

/** One entry per account: its tokens by network (`{ "eip155:1": "…" }`). */
const TOKENS_PREFIX = 'gangway:siwx-tokens:'
const tokensSchema = z.record(z.string(), z.string().check(z.maxLength(128)))

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
    if (response.status === 401 && init.token) throw new TokenRefused()
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
  /** The account's entry: `namespace:address` (eip155 without checksum case), any network. */
  const tokensKey = (caipAddress: string) => {
    const parsed = parseCaipAddress(caipKey(caipAddress) as CaipAddress)
    return `${TOKENS_PREFIX}${parsed?.namespace ?? ''}:${parsed?.address ?? ''}`
  }
  const readTokens = (caipAddress: string): Record<string, string> => {
    try {
      const parsed = tokensSchema.safeParse(
        JSON.parse(storage.getItem(tokensKey(caipAddress)) ?? '{}'),
      )
      return parsed.success ? { ...parsed.data } : {}
    } catch {
      return {}
    }
  }
  const writeTokens = (caipAddress: string, tokens: Record<string, string>) => {
    try {
      if (Object.keys(tokens).length === 0) storage.removeItem(tokensKey(caipAddress))
      else storage.setItem(tokensKey(caipAddress), JSON.stringify(tokens))
    } catch {
      // Without storage the sign-out cannot revoke on the server; the session still expires.
    }
  }
  const sessionAddress = (session: SiwxSession) =>
    `${session.data.chainId}:${session.data.accountAddress}`

  return {
    getNonce: async ({ signal }) =>
      (await call('/v1/sessions/nonce', nonceResponseSchema, signal, { method: 'POST', body: {} }))
        .nonce,
    onSignIn: async (session, { signal }) => {
      const { token, chainId } = await call('/v1/sessions', signInResponseSchema, signal, {
        method: 'POST',
        body: session,
      })
      const account = sessionAddress(session)
      writeTokens(account, { ...readTokens(account), [chainId]: token })
    },
    getSessions: async ({ caipAddress, signal }) => {
      const networkId = parseCaipAddress(caipAddress)?.networkId ?? ''
      const tokens = readTokens(caipAddress)
      // The server hands an account's sessions only to a holder of one of its tokens (decision
      // 0502): a device that never signed in as this account has nothing to ask with.
      const order = Object.keys(tokens).sort(
        (a, b) => Number(b === networkId) - Number(a === networkId),
      )
      for (const tokenNetwork of order) {
        let answer: z.infer<typeof sessionsAnswer>
        try {
          answer = await call(
            `/v1/sessions/${addressOf(caipAddress)}?chainId=${encodeURIComponent(networkId)}`,
            sessionsAnswer,
            signal,
            { token: tokens[tokenNetwork]! },
          )
        } catch (error) {
          if (!(error instanceof TokenRefused)) throw error
          // Revoked or expired on the server: it proves nothing any more.
          delete tokens[tokenNetwork]
          writeTokens(caipAddress, tokens)
          continue
        }
        // The kit verifies each one again; here only the shape is kept.
        return answer.sessions.flatMap((session) => {
          const parsed = siwxSessionSchema.safeParse(session)
          return parsed.success ? [parsed.data] : []
        })
      }
      return []
    },
    onSignOut: async (sessions, { signal }) => {
      for (const session of sessions) {
        const account = sessionAddress(session)
        const tokens = readTokens(account)
        const token = tokens[session.data.chainId]
        if (!token) continue
        try {
          await call(`/v1/sessions/${addressOf(account)}/revoke`, revokeResponseSchema, signal, {
            method: 'POST',
            body: { chainId: session.data.chainId },
            token,
          })
        } catch (error) {
          // A token the server no longer takes has nothing left to revoke.
          if (!(error instanceof TokenRefused)) throw error
        }
        delete tokens[session.data.chainId]
        writeTokens(account, tokens)
      }
    },
  }
}
