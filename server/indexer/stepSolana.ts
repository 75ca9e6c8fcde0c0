/**
 * One indexer step on a solana chain (decision 0308): the addresses a history request waits for
 * first, then those synced longest ago, each followed from the node's own index (followSolana.ts).
 * @module
 */
import type { ChainConfig } from '../config.js'
import { createSolanaFollowState, followSolana, type SolanaFollowState } from './followSolana.js'
import type { SolanaReader } from './solanaReader.js'
import type { StepParts } from './stepParts.js'

/** The solana steps of every chain, sharing what each chain's steps keep between them. */
export interface SolanaSteps {
  /** Runs one step on a solana chain; resolves with the transactions read. */
  step(chain: ChainConfig, reader: SolanaReader): Promise<number>
  /** Follows an address first until it has caught up (a history request waits for it). */
  prioritize(chainId: string, address: string): void
}

/**
 * Creates the solana steps.
 * @param parameters - the steps' parts, and the signal that ends the node calls in flight when
 * the indexer stops.
 * @returns the steps.
 */
export function createSolanaSteps(
  parameters: StepParts & { readonly signal: AbortSignal },
): SolanaSteps {
  const { watchList, signal } = parameters
  /** Per solana chain: the addresses a history request waits for, followed first. */
  const awaited = new Map<string, Set<string>>()
  const solanaStates = new Map<string, SolanaFollowState>()
  return {
    async step(chain, reader) {
      await watchList.sweepIdle(chain.id, parameters.now())
      const watched = await watchList.watched(chain.id)
      if (watched.length === 0) return 0
      const head = await reader.head(signal)
      const waiting = awaited.get(chain.id) ?? new Set<string>()
      const behind = watched
        .filter((entry) => entry.indexedTo < head)
        .sort(
          (a, b) =>
            Number(waiting.has(b.address)) - Number(waiting.has(a.address)) ||
            a.indexedTo - b.indexedTo,
        )
      // An address caught up, or no longer watched (swept, evicted), is waited for no more.
      const lagging = new Set(behind.map((entry) => entry.address))
      for (const address of waiting) if (!lagging.has(address)) waiting.delete(address)
      if (behind.length === 0) return 0
      let state = solanaStates.get(chain.id)
      if (!state) {
        state = createSolanaFollowState()
        solanaStates.set(chain.id, state)
      }
      const result = await followSolana({
        db: parameters.db,
        chain,
        reader,
        head,
        watched: behind,
        settings: parameters.settings.solana,
        tokens: parameters.tokens,
        log: parameters.log,
        state,
        signal,
      })
      for (const address of result.caughtUp) waiting.delete(address)
      return result.transactions
    },
    prioritize(chainId, address) {
      const waiting = awaited.get(chainId) ?? new Set<string>()
      waiting.add(address)
      awaited.set(chainId, waiting)
    },
  }
}
