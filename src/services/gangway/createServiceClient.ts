/**
 * The kit's client of the Gangway server's data service (§7 paths): every answer is checked by its
 * zod schema, a failed status reads 'HTTP status code: N' and anything else 'Unknown error' (§8),
 * and balances and identities are cached for the §9 lifetimes (portfolio 30 s, identity 5 min).
 * @module
 */
import { type FetchLike, TIMINGS } from '../../kernel/index.js'
import { createServiceCall } from './http.js'
import {
  type BalanceResponse,
  balanceResponseSchema,
  type HistoryResponse,
  historyResponseSchema,
  type IdentityResponse,
  identityResponseSchema,
  type PriceResponse,
  priceResponseSchema,
  type SupportedChainsResponse,
  supportedChainsResponseSchema,
} from './schemas.js'

/** The part of `fetch` the client uses: the kit's own `env.fetch` contract; the global `fetch` fits. */
export type ServiceFetch = FetchLike

/** Options of {@link createServiceClient}. */
export interface ServiceClientParameters {
  /** The server's base URL (the kit's `serviceUrl`), e.g. `https://gangway.example.org`. */
  readonly baseUrl: string
  /** HTTP; the global `fetch` when omitted. */
  readonly fetch?: ServiceFetch
  /** The clock for the caches, in ms; `Date.now` when omitted (tests pass virtual time). */
  readonly now?: () => number
}

/** Which account, on which network. */
export interface AccountQuery {
  /** The address as the chain writes it (`0x…`). */
  readonly address: string
  /** The CAIP-2 network, e.g. `eip155:1`; every configured one when omitted. */
  readonly chainId?: string
}

/** The client returned by {@link createServiceClient}. */
export interface ServiceClient {
  /** One page of an account's history, newest first (§7: account, cursor, chainId). Never cached. */
  getHistory(
    query: AccountQuery & { readonly cursor?: string; readonly limit?: number },
    signal: AbortSignal,
  ): Promise<HistoryResponse>
  /** The account's native and token balances with prices; cached 30 s (§9 portfolio). */
  getBalance(query: AccountQuery, signal: AbortSignal): Promise<BalanceResponse>
  /** The account's name and avatar; cached 5 min (§9 identity). */
  getIdentity(query: AccountQuery, signal: AbortSignal): Promise<IdentityResponse>
  /** USD prices of CAIP-10 token ids (`eip155:1:0x…` or `eip155:1:native`). */
  getPrices(addresses: readonly string[], signal: AbortSignal): Promise<PriceResponse>
  /** The networks the server serves. */
  getSupportedChains(signal: AbortSignal): Promise<SupportedChainsResponse>
}

/**
 * Creates a client of the Gangway server's data service.
 * @example
 * import { createServiceClient } from '@gangway/kit/services'
 * const service = createServiceClient({ baseUrl: 'http://127.0.0.1:8787' })
 * const page = await service.getHistory({ address: '0xab16…', chainId: 'eip155:1' }, signal)
 * page.data[0]?.metadata.status // 'confirmed'
 * @param parameters - base URL, `fetch` and clock.
 * @returns the client.
 * @throws HTTP_STATUS ('HTTP status code: N'), UNKNOWN_ERROR ('Unknown error': unreachable, or an
 * answer that fails its schema); an aborted call rejects with the abort's reason.
 * @see /docs/server.md
 */
export function createServiceClient(parameters: ServiceClientParameters): ServiceClient {
  const call = createServiceCall(parameters.baseUrl, parameters.fetch, 'data service')
  const now = parameters.now ?? Date.now
  const cache = new Map<string, { readonly at: number; readonly value: unknown }>()

  async function cached<TValue>(
    key: string,
    lifetimeMs: number,
    load: () => Promise<TValue>,
  ): Promise<TValue> {
    const hit = cache.get(key)
    if (hit && now() - hit.at < lifetimeMs) return hit.value as TValue
    // Only answers are kept: a failure is asked again next time.
    const value = await load()
    cache.set(key, { at: now(), value })
    return value
  }

  const accountPath = (query: AccountQuery, tail: string, extra: Record<string, string> = {}) => {
    const search = new URLSearchParams(extra)
    if (query.chainId) search.set('chainId', query.chainId)
    const text = search.toString()
    return `/v1/account/${encodeURIComponent(query.address)}/${tail}${text ? `?${text}` : ''}`
  }

  return {
    getHistory: (query, signal) =>
      call(
        accountPath(query, 'history', {
          ...(query.cursor ? { cursor: query.cursor } : {}),
          ...(query.limit ? { limit: String(query.limit) } : {}),
        }),
        historyResponseSchema,
        signal,
      ),
    getBalance: (query, signal) => {
      const path = accountPath(query, 'balance')
      return cached(path, TIMINGS.portfolioCacheMs, () => call(path, balanceResponseSchema, signal))
    },
    getIdentity: (query, signal) => {
      const search = query.chainId ? `?chainId=${encodeURIComponent(query.chainId)}` : ''
      const path = `/v1/identity/${encodeURIComponent(query.address)}${search}`
      return cached(path, TIMINGS.identityCacheMs, () => call(path, identityResponseSchema, signal))
    },
    getPrices: (addresses, signal) =>
      call('/v1/fungible/price', priceResponseSchema, signal, {
        currency: 'usd',
        addresses: [...addresses],
      }),
    getSupportedChains: (signal) =>
      call('/v1/supported-chains', supportedChainsResponseSchema, signal),
  }
}
