import type { NonceUse } from '../features/siwx/verifySession.js'

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
  /** Records a nonce as issued, usable until `expiresAt` (milliseconds since the epoch). */
  issue(nonce: string, expiresAt: number): Promise<void>
  /**
   * Spends a nonce, atomically: `accepted` the first time while it is valid, `reused` after that,
   * `unknown` when it was never issued here or has expired.
   */
  spend(nonce: string, now: number): Promise<NonceUse>
}

/**
 * A nonce store in this process's memory: for one server process (several need a shared store).
 * It keeps at most `limit` nonces (100,000 by default), dropping expired ones first and then the
 * oldest, so issuing nonces without end cannot exhaust memory.
 * @example
 * import { createMemoryNonceStore, createSiwxVerifier } from '@gangway/kit/siwx-server'
 * const verifier = createSiwxVerifier({ domains: ['shop.example'], nonces: createMemoryNonceStore() })
 * @param options - the most nonces kept.
 * @returns the store.
 * @see /docs/siwx.md
 */
export function createMemoryNonceStore(options: { readonly limit?: number } = {}): NonceStore {
  const limit = options.limit ?? 100_000
  /** Insertion order is issue order, so the first entries are the oldest. */
  const entries = new Map<string, { expiresAt: number; spent: boolean }>()
  const prune = (now: number) => {
    for (const [nonce, entry] of entries) if (entry.expiresAt <= now) entries.delete(nonce)
    for (const nonce of entries.keys()) {
      if (entries.size < limit) break
      entries.delete(nonce)
    }
  }
  return {
    issue: async (nonce, expiresAt) => {
      prune(Date.now())
      entries.set(nonce, { expiresAt, spent: false })
    },
    spend: async (nonce, now) => {
      const entry = entries.get(nonce)
      if (!entry || entry.expiresAt <= now) return 'unknown'
      if (entry.spent) return 'reused'
      entry.spent = true
      return 'accepted'
    },
  }
}
