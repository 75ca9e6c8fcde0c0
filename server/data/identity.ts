/**
 * `GET /v1/identity/{address}`: the ENS name and avatar of an address on the chains that name an
 * ENS Universal Resolver, cached for §9's 5 minutes per address (a bounded cache).
 * @module
 */
import type { PublicClient } from 'viem'
import { normalize } from 'viem/ens'
import { TIMINGS } from '../../src/kernel/index.js'
import type { IdentityResponse } from '../../src/services/gangway/schemas.js'
import type { ChainConfig } from '../config.js'

/** Most cached identities; the oldest go first. */
const MAX_CACHED = 10_000

/** Resolves identities, with the cache. */
export interface IdentityResolver {
  resolve(address: `0x${string}`, chainId: string | undefined): Promise<IdentityResponse>
}

/**
 * Creates the resolver.
 * @param chains - the configured chains (those with `ensUniversalResolver` resolve names).
 * @param clients - their clients.
 * @param now - the clock.
 * @returns the resolver.
 */
export function createIdentityResolver(
  chains: readonly ChainConfig[],
  clients: ReadonlyMap<string, PublicClient>,
  now: () => number = Date.now,
): IdentityResolver {
  const cache = new Map<string, { at: number; value: IdentityResponse }>()
  return {
    async resolve(address, chainId) {
      const chain = chains.find(
        (entry) => entry.ensUniversalResolver && (!chainId || entry.id === chainId),
      )
      if (!chain) return { name: null, avatar: null }
      const key = `${chain.id}:${address.toLowerCase()}`
      const hit = cache.get(key)
      if (hit && now() - hit.at < TIMINGS.identityCacheMs) return hit.value
      const client = clients.get(chain.id)!
      const name = await client.getEnsName({ address }).catch(() => null)
      const avatar = name
        ? await client.getEnsAvatar({ name: normalize(name) }).catch(() => null)
        : null
      const value = { name, avatar }
      cache.delete(key)
      cache.set(key, { at: now(), value })
      if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string)
      return value
    },
  }
}
