/**
 * The activity indexer: follows each configured chain block by block for the watched addresses,
 * from `startBlock`, storing one transaction (and its transfers) per address in the same database
 * transaction that advances the address's `indexed_to`, so a restart resumes exactly where it
 * stopped, losing nothing and duplicating nothing. Each address has its own cursor: the addresses
 * at the head are followed together, and newly watched ones catch up in a separate backlog scan,
 * so a new address never sends anyone else's scan back to `startBlock`. A block whose hash no
 * longer matches the node's (a reorg; anvil's `evm_revert`) rolls the history back to the common
 * ancestor. Addresses nobody asks for are unwatched in time, and new ones cost a budget per
 * network source. A solana chain is followed per address from the node's own index instead
 * (followSolana.ts, decision 0308), under the same watch list. This module composes the parts:
 * watchList.ts (who is followed), stepEip155.ts with eip155Blocks.ts and reorg.ts, stepSolana.ts,
 * activityStore.ts (the writes), and stepLoop.ts (when steps run).
 * @module
 */
import type { PublicClient } from 'viem'
import type { ChainConfig, ServerConfig, TokenConfig } from '../config.js'
import type { Logger } from '../log.js'
import type { Database } from '../storage/openStorage.js'
import { headOf } from './eip155Blocks.js'
import type { SolanaReader } from './solanaReader.js'
import { createEip155Step } from './stepEip155.js'
import { createStepLoop } from './stepLoop.js'
import type { StepParts } from './stepParts.js'
import { createSolanaSteps } from './stepSolana.js'
import { createWatchList } from './watchList.js'

/** The running indexer. */
export interface Indexer {
  /** Starts following every chain. */
  start(): void
  /**
   * Watches an address on a chain (or notes that it was asked for again), and waits (at most
   * `timeoutMs`, the configured `historyWaitMs` by default) until it is indexed up to the head the
   * node reported when asked, so a first history request sees the past too.
   * @returns whether it was indexed up to that head in time (`false`: the history is incomplete).
   * @throws HttpError 429 `RATE_LIMITED` when `source` has watched its budget of new addresses;
   * 503 `WATCH_LIMIT` when the chain follows `maxWatchedAddresses`, all asked for lately.
   */
  watch(
    chainId: string,
    address: string,
    options?: { readonly timeoutMs?: number; readonly source?: string },
  ): Promise<boolean>
  /** Runs one step on a chain now (tests and the bench); resolves with blocks indexed. */
  step(chainId: string): Promise<number>
  /** Stops reading blocks and commits the ones read; resolves once nothing is running. */
  stop(): Promise<void>
}

/**
 * Creates the indexer.
 * @param parameters - database, chains, tokens, clients, settings and logger.
 * @returns the indexer, not yet started.
 */
export function createIndexer(parameters: {
  readonly db: Database
  readonly chains: readonly ChainConfig[]
  readonly tokens: readonly TokenConfig[]
  readonly clients: ReadonlyMap<string, PublicClient>
  /** The solana chains' readers (decision 0308), by CAIP-2 id. */
  readonly solana?: ReadonlyMap<string, SolanaReader>
  readonly settings: ServerConfig['indexer']
  readonly log: Logger
  /** The time of the watch list (asked-for times, idle expiry, budgets); `Date.now` by default. */
  readonly now?: () => number
}): Indexer {
  const { db, settings, log } = parameters
  const clock = parameters.now ?? Date.now
  /** Ends the node calls in flight when the indexer stops; aborted, the indexer is stopped. */
  const stopping = new AbortController()
  const isStopped = () => stopping.signal.aborted
  const watchList = createWatchList({ db, settings, log, now: clock })
  const parts: StepParts = { db, settings, tokens: parameters.tokens, log, watchList, now: clock }
  const stepEip155 = createEip155Step({ ...parts, isStopped })
  const solanaSteps = createSolanaSteps({ ...parts, signal: stopping.signal })
  const loop = createStepLoop({
    run: stepOnce,
    pollIntervalMs: settings.pollIntervalMs,
    log,
    signal: stopping.signal,
  })

  /** The node's head: the block number (eip155) or the confirmed slot (solana). */
  async function headOfChain(chainId: string): Promise<number> {
    const reader = parameters.solana?.get(chainId)
    if (reader) return reader.head(stopping.signal)
    return headOf(parameters.clients.get(chainId)!)
  }

  async function stepOnce(chainId: string): Promise<number> {
    const chain = parameters.chains.find((entry) => entry.id === chainId)
    const reader = parameters.solana?.get(chainId)
    if (chain && reader) return isStopped() ? 0 : solanaSteps.step(chain, reader)
    const client = parameters.clients.get(chainId)
    if (!chain || !client) throw new Error(`indexer: unknown chain ${chainId}`)
    if (isStopped()) return 0
    return stepEip155(chain, client)
  }

  return {
    start() {
      loop.start(parameters.chains.map((chain) => chain.id))
    },
    async watch(chainId, address, options = {}) {
      const chain = parameters.chains.find((entry) => entry.id === chainId)
      const isSolana = parameters.solana?.has(chainId) === true
      if (!chain || !(isSolana || parameters.clients.has(chainId))) return true
      // eip155 addresses are kept in lower case; base58 (solana) is case-sensitive.
      const key = isSolana ? address : address.toLowerCase()
      await watchList.ask(chainId, key, {
        indexedTo: chain.startBlock - 1,
        ...(options.source === undefined ? {} : { source: options.source }),
      })
      const head = await headOfChain(chainId)
      if (isSolana) solanaSteps.prioritize(chainId, key)
      const caughtUp = async () => ((await watchList.indexedTo(chainId, key)) ?? -1) >= head
      // Only a step started after this call counts, so a reorg since the last one is followed too.
      const after = loop.stepsStarted()
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => finish(false), options.timeoutMs ?? settings.historyWaitMs)
        function finish(complete: boolean) {
          clearTimeout(timer)
          unsubscribe()
          resolve(complete)
        }
        function check(sequence: number) {
          if (sequence <= after) return
          caughtUp().then(
            (done) => done && finish(true),
            () => finish(false),
          )
        }
        const unsubscribe = loop.onProgress(check)
        if (loop.isLooping(chainId)) loop.wake(chainId)
        else loop.step(chainId).catch(() => finish(false))
      })
    },
    step: loop.step,
    async stop() {
      stopping.abort()
      await loop.stop()
    },
  }
}
