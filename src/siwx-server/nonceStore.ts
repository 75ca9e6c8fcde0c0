import type { NonceUse } from '../siwx/verifySession.js'

/**
 * Where a site's server keeps the nonces it issued, so each is accepted once. Implement it on the
 * site's database for several server processes (the Gangway server does, on its own).
 * @example
 * import type { NonceStore } from '@gangway/kit/siwx-server'
 * const store: NonceStore = {
 *   issue: async (nonce, expiresAt) => db.insert({ nonce, expiresAt }),
 *   spend: async (nonce, now) => db.spendOnce(nonce, now), // 'accepted' | 'unknown' | 'reused'
 * }
 * @see /docs/siwx.md
 */
export interface NonceStore {
  /**
   * Records a nonce as issued, usable until `expiresAt` (milliseconds since the epoch). `source`
   * names who asked (the site's choice: a network address, a session), for quotas per source.
   * Rejects with a {@link NonceLimitError} to refuse the nonce: a store never makes room by
   * dropping a nonce a visitor may be signing with.
   */
  issue(nonce: string, expiresAt: number, source?: string): Promise<void>
  /**
   * Spends a nonce, atomically: `accepted` the first time while it is valid, `reused` after that,
   * `unknown` when it was never issued here or has expired.
   */
  spend(nonce: string, now: number): Promise<NonceUse>
}

/** Why a nonce store refused a nonce: it is full, or the source holds its quota already. */
export type NonceLimitReason = 'full' | 'source'

/**
 * A nonce store refused to issue one more nonce: the store holds its most (`full`), or the
 * source asking holds its quota of unused nonces (`source`). A site answers it as "try later"
 * (503 or 429); the nonces already issued all stay valid.
 * @example
 * import { NonceLimitError } from '@gangway/kit/siwx-server'
 * try {
 *   return new Response(await verifier.createNonce({ source: address }))
 * } catch (error) {
 *   if (error instanceof NonceLimitError) return new Response('try later', { status: 429 })
 *   throw error
 * }
 * @see /docs/siwx.md
 */
export class NonceLimitError extends Error {
  static readonly code = 'NONCE_LIMIT' as const
  override name = 'NonceLimitError'
  readonly code = NonceLimitError.code
  constructor(readonly reason: NonceLimitReason) {
    super(
      reason === 'full'
        ? 'The nonce store holds its most unused nonces; try again later'
        : 'This source holds its most unused nonces; try again later',
    )
  }
}

/** Parameters of {@link createMemoryNonceStore}. */
export interface MemoryNonceStoreParameters {
  /** Most nonces kept, used or not, until they expire (100,000 by default). */
  readonly limit?: number
  /** Most unused nonces one source may hold at once (100 by default); only with a `source`. */
  readonly perSource?: number
  /** The time; `Date.now` by default (pass the verifier's own clock). */
  readonly now?: () => number
}

/**
 * A nonce store in this process's memory: for one server process (several need a shared store).
 * It is bounded: at most `limit` nonces, and at most `perSource` unused ones per source. When
 * either is reached, new nonces are refused ({@link NonceLimitError}) rather than older ones
 * dropped, so a flood of requests never invalidates a sign-in in progress. Each call costs O(1)
 * amortized: expired nonces leave from the front of the issue order as new ones come.
 * @example
 * import { createMemoryNonceStore, createSiwxVerifier } from '@gangway/kit/siwx-server'
 * const verifier = createSiwxVerifier({ domains: ['shop.example'], nonces: createMemoryNonceStore() })
 * @param parameters - the bounds and the clock.
 * @returns the store.
 * @see /docs/siwx.md
 */
export function createMemoryNonceStore(parameters: MemoryNonceStoreParameters = {}): NonceStore {
  const limit = parameters.limit ?? 100_000
  const perSource = parameters.perSource ?? 100
  const now = parameters.now ?? Date.now
  /**
   * Insertion order is issue order. Every nonce gets the same lifetime from one clock, so the
   * first entries are also the first to expire.
   */
  const entries = new Map<string, { expiresAt: number; spent: boolean; source?: string }>()
  /** Unused, unexpired nonces per source. */
  const held = new Map<string, number>()
  const release = (source: string | undefined) => {
    if (source === undefined) return
    const count = (held.get(source) ?? 1) - 1
    if (count <= 0) held.delete(source)
    else held.set(source, count)
  }
  const sweep = (at: number) => {
    for (const [nonce, entry] of entries) {
      if (entry.expiresAt > at) return
      entries.delete(nonce)
      if (!entry.spent) release(entry.source)
    }
  }
  return {
    issue: async (nonce, expiresAt, source) => {
      sweep(now())
      if (entries.size >= limit) throw new NonceLimitError('full')
      if (source !== undefined && (held.get(source) ?? 0) >= perSource) {
        throw new NonceLimitError('source')
      }
      entries.set(nonce, { expiresAt, spent: false, ...(source === undefined ? {} : { source }) })
      if (source !== undefined) held.set(source, (held.get(source) ?? 0) + 1)
    },
    spend: async (nonce, at) => {
      const entry = entries.get(nonce)
      if (!entry || entry.expiresAt <= at) return 'unknown'
      if (entry.spent) return 'reused'
      entry.spent = true
      release(entry.source)
      return 'accepted'
    },
  }
}
