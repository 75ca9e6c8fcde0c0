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
 * (followSolana.ts, decision 0308), under the same watch list.
 * @module
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm'
import {
  BaseError,
  erc20Abi,
  HttpRequestError,
  type Log,
  type PublicClient,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
} from 'viem'
import type { ChainConfig, ServerConfig, TokenConfig } from '../config.js'
import { createSourceBudget, HttpError, rateLimited } from '../http.js'
import type { Logger } from '../log.js'
import type { Database } from '../storage/openStorage.js'
import {
  activityTransactions,
  activityTransfers,
  indexedBlocks,
  watchedAddresses,
} from '../storage/schema.js'
import {
  APPROVAL_TOPIC,
  collectBlock,
  type TokenFacts,
  TRANSFER_TOPIC,
  type TransactionRow,
  type TransferRow,
} from './collect.js'
import { createSolanaFollowState, followSolana, type SolanaFollowState } from './followSolana.js'
import { findAncestor } from './reorg.js'
import { SolanaNodeUnreachableError, type SolanaReader } from './solanaReader.js'

/**
 * The node's head, asked now: viem's `getBlockNumber` hands a concurrent caller the answer of a
 * request already in flight, which can predate the block being waited for.
 */
async function headOf(client: PublicClient): Promise<number> {
  return Number(BigInt(await client.request({ method: 'eth_blockNumber' })))
}

/**
 * Whether a failure is the node not answering (stopped, restarting, unreachable) rather than an
 * answer: nothing about the chain follows from it.
 */
function isNodeUnreachable(error: unknown): boolean {
  const unreachable = (cause: unknown) =>
    cause instanceof SolanaNodeUnreachableError ||
    cause instanceof HttpRequestError ||
    cause instanceof TimeoutError ||
    cause instanceof WebSocketRequestError ||
    cause instanceof SocketClosedError
  return unreachable(error) || (error instanceof BaseError && error.walk(unreachable) !== null)
}

/**
 * ours: how many steps in a row a node may fail to answer before the outage is logged (once). A
 * node stopped with the server (the demo's Ctrl-C reaches both) is gone before the indexer stops;
 * that is no event worth a line.
 */
const UNREACHABLE_STEPS_BEFORE_LOG = 3

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
  // New addresses cost each network source a budget: anonymous requests cannot fill the list.
  const watchBudget = createSourceBudget({
    perHour: settings.newWatchesPerSourcePerHour,
    burst: settings.newWatchBurstPerSource,
    now: clock,
  })
  /** When each chain's idle addresses were last looked for. */
  const sweptAt = new Map<string, number>()
  const tokenCache = new Map<string, TokenFacts>()
  let stopped = false
  let started = false
  const loops = new Map<
    string,
    {
      running: Promise<unknown>
      timer?: NodeJS.Timeout
      wake?: () => void
      again?: boolean
      /** Steps in a row the node did not answer. */
      unreachable?: number
    }
  >()
  const progress = new Set<(sequence: number) => void>()
  let stepsStarted = 0
  /** Ends the node calls in flight when the indexer stops. */
  const stopping = new AbortController()
  /** Per solana chain: the addresses a history request waits for, followed first. */
  const awaited = new Map<string, Set<string>>()
  const solanaStates = new Map<string, SolanaFollowState>()

  /** The node's head: the block number (eip155) or the confirmed slot (solana). */
  async function headOfChain(chainId: string): Promise<number> {
    const reader = parameters.solana?.get(chainId)
    if (reader) return reader.head(stopping.signal)
    return headOf(parameters.clients.get(chainId)!)
  }

  /** One step on a solana chain: the addresses asked for first, then those synced longest ago. */
  async function stepSolana(chain: ChainConfig, reader: SolanaReader): Promise<number> {
    await sweepIdle(chain.id, clock())
    const watched = await db
      .select({ address: watchedAddresses.address, indexedTo: watchedAddresses.indexedTo })
      .from(watchedAddresses)
      .where(eq(watchedAddresses.chainId, chain.id))
    if (watched.length === 0) return 0
    const head = await reader.head(stopping.signal)
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
      db,
      chain,
      reader,
      head,
      watched: behind,
      settings: settings.solana,
      tokens: parameters.tokens,
      log,
      state,
      signal: stopping.signal,
    })
    for (const address of result.caughtUp) waiting.delete(address)
    return result.transactions
  }

  async function tokenFacts(chain: ChainConfig, client: PublicClient, address: `0x${string}`) {
    const key = `${chain.id}:${address.toLowerCase()}`
    const configured = parameters.tokens.find(
      (token) =>
        token.chainId === chain.id && token.address.toLowerCase() === address.toLowerCase(),
    )
    if (configured) return { symbol: configured.symbol, decimals: configured.decimals }
    const cached = tokenCache.get(key)
    if (cached) return cached
    // An unknown token names itself; one that cannot is shown as raw units.
    const [symbol, decimals] = await Promise.all([
      client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }).catch(() => '?'),
      client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }).catch(() => 0),
    ])
    const facts = { symbol: String(symbol).slice(0, 16), decimals: Number(decimals) }
    tokenCache.set(key, facts)
    return facts
  }

  async function rollbackIfReorged(chain: ChainConfig, client: PublicClient): Promise<boolean> {
    const recent = await db
      .select()
      .from(indexedBlocks)
      .where(eq(indexedBlocks.chainId, chain.id))
      .orderBy(desc(indexedBlocks.number))
      .limit(settings.reorgDepth)
    const ancestor = await findAncestor(recent, client)
    if (ancestor === undefined) return false
    const floor = ancestor ?? chain.startBlock - 1
    await db.transaction(async (tx) => {
      const c = chain.id
      await tx
        .delete(activityTransfers)
        .where(
          and(
            eq(activityTransfers.chainId, c),
            sql`${activityTransfers.hash} IN (SELECT hash FROM activity_transactions WHERE chain_id = ${c} AND block_number > ${floor})`,
          ),
        )
      await tx
        .delete(activityTransactions)
        .where(
          and(eq(activityTransactions.chainId, c), gt(activityTransactions.blockNumber, floor)),
        )
      await tx
        .delete(indexedBlocks)
        .where(and(eq(indexedBlocks.chainId, c), gt(indexedBlocks.number, floor)))
      await tx
        .update(watchedAddresses)
        .set({ indexedTo: floor })
        .where(and(eq(watchedAddresses.chainId, c), gt(watchedAddresses.indexedTo, floor)))
    })
    log.warn('reorg: history rolled back', { chainId: chain.id, toBlock: floor })
    return true
  }

  const inFlight = new Set<Promise<number>>()
  /** One step; tracked, so `stop()` waits for steps started from outside the loop too. */
  function step(chainId: string): Promise<number> {
    const running = runStep(chainId).finally(() => inFlight.delete(running))
    inFlight.add(running)
    return running
  }

  async function runStep(chainId: string): Promise<number> {
    stepsStarted += 1
    const sequence = stepsStarted
    try {
      return await stepOnce(chainId)
    } finally {
      for (const notify of progress) notify(sequence)
    }
  }

  /**
   * Stops following the given addresses and deletes their history, in one transaction: what
   * nobody asks for costs neither indexing nor storage. Asked for again, an address starts over.
   */
  async function unwatch(chainId: string, addresses: readonly string[]) {
    for (let offset = 0; offset < addresses.length; offset += 1_000) {
      const some = addresses.slice(offset, offset + 1_000)
      await db.transaction(async (tx) => {
        await tx
          .delete(watchedAddresses)
          .where(
            and(eq(watchedAddresses.chainId, chainId), inArray(watchedAddresses.address, some)),
          )
        await tx
          .delete(activityTransfers)
          .where(
            and(eq(activityTransfers.chainId, chainId), inArray(activityTransfers.address, some)),
          )
        await tx
          .delete(activityTransactions)
          .where(
            and(
              eq(activityTransactions.chainId, chainId),
              inArray(activityTransactions.address, some),
            ),
          )
      })
    }
  }

  /** Unwatches the chain's addresses nobody asked for within `idleWatchSeconds` (once a minute). */
  async function sweepIdle(chainId: string, now: number) {
    if (now - (sweptAt.get(chainId) ?? Number.NEGATIVE_INFINITY) < 60_000) return
    sweptAt.set(chainId, now)
    const idle = await db
      .select({ address: watchedAddresses.address })
      .from(watchedAddresses)
      .where(
        and(
          eq(watchedAddresses.chainId, chainId),
          isNotNull(watchedAddresses.lastAskedAt),
          lt(watchedAddresses.lastAskedAt, now - settings.idleWatchSeconds * 1_000),
        ),
      )
    if (idle.length === 0) return
    await unwatch(
      chainId,
      idle.map((row) => row.address),
    )
    log.info('indexer: idle addresses unwatched', { chainId, addresses: idle.length })
  }

  async function stepOnce(chainId: string): Promise<number> {
    const chain = parameters.chains.find((entry) => entry.id === chainId)
    const reader = parameters.solana?.get(chainId)
    if (chain && reader) return stopped ? 0 : stepSolana(chain, reader)
    const client = parameters.clients.get(chainId)
    if (!chain || !client) throw new Error(`indexer: unknown chain ${chainId}`)
    if (stopped) return 0
    await rollbackIfReorged(chain, client)
    await sweepIdle(chainId, clock())
    const watched = await db
      .select({ address: watchedAddresses.address, indexedTo: watchedAddresses.indexedTo })
      .from(watchedAddresses)
      .where(eq(watchedAddresses.chainId, chainId))
    if (watched.length === 0) return 0
    const head = await headOf(client)
    // One cursor per address, one scan per step: the highest cursor below the head goes first.
    // That is the addresses following the head when it moved, so fresh blocks are read at once;
    // otherwise the backlog scan closest to the head, so a scan under way finishes before a newer
    // one starts. New addresses all wait at `startBlock` and start together when the scan ahead of
    // them is done: a stream of them delays nobody by more than one scan of the chain, and sends
    // nobody's scan back to `startBlock`.
    const behind = watched.filter((entry) => entry.indexedTo < head)
    if (behind.length === 0) return 0
    return scan(chain, client, watched, Math.max(...behind.map((entry) => entry.indexedTo)), head)
  }

  /**
   * Reads the blocks after `cursor` (one batch, up to `head`) for every address whose own cursor
   * is `cursor` or, as the scan passes it, higher, and commits them in one transaction together
   * with those addresses' new cursors: no address skips a block or reads one twice, and a stop or
   * a crash resumes from the last committed batch.
   */
  async function scan(
    chain: ChainConfig,
    client: PublicClient,
    watched: readonly { readonly address: string; readonly indexedTo: number }[],
    cursor: number,
    head: number,
  ): Promise<number> {
    const chainId = chain.id
    const from = cursor + 1
    const to = Math.min(head, from + settings.batchBlocks - 1)
    if (from > to) return 0
    const logs = await client.getLogs({
      fromBlock: BigInt(from),
      toBlock: BigInt(to),
      // biome-ignore lint/suspicious/noExplicitAny: viem types topic filters per event; raw topics here
      topics: [[TRANSFER_TOPIC, APPROVAL_TOPIC]] as any,
    } as Parameters<PublicClient['getLogs']>[0])
    const [stored] = await db
      .select({ hash: indexedBlocks.hash })
      .from(indexedBlocks)
      .where(and(eq(indexedBlocks.chainId, chainId), eq(indexedBlocks.number, from - 1)))
    let parentHash = stored?.hash
    const transactions: TransactionRow[] = []
    const transfers: TransferRow[] = []
    const blocks: { chainId: string; number: number; hash: string }[] = []
    let last = cursor
    for (let number = from; number <= to && !stopped; number += 1) {
      const block = await client.getBlock({
        blockNumber: BigInt(number),
        includeTransactions: true,
      })
      // The node moved under us: what was read so far is kept; the next step's reorg check
      // rolls back first.
      if (parentHash !== undefined && parentHash !== block.parentHash) break
      parentHash = block.hash!
      const addresses = new Set(
        watched
          .filter((entry) => entry.indexedTo >= cursor && entry.indexedTo < number)
          .map((entry) => entry.address),
      )
      const rows = await collectBlock({
        chainId,
        block,
        logs: (logs as Log[]).filter((entry) => Number(entry.blockNumber) === number),
        addresses,
        native: chain.nativeCurrency,
        receipt: async (hash) => {
          const receipt = await client.getTransactionReceipt({ hash })
          return {
            status: receipt.status,
            fee: receipt.gasUsed * receipt.effectiveGasPrice,
            contractAddress: receipt.contractAddress ?? null,
          }
        },
        token: (address) => tokenFacts(chain, client, address),
      })
      transactions.push(...rows.transactions)
      transfers.push(...rows.transfers)
      // Only blocks a reorg can still replace are kept to compare with the node later.
      if (number > head - settings.reorgDepth) blocks.push({ chainId, number, hash: block.hash! })
      last = number
    }
    if (last === cursor) return 0
    /** The addresses this batch was read for, by the cursor each had when it started. */
    const starts = new Map<number, string[]>()
    for (const entry of watched) {
      if (entry.indexedTo < cursor || entry.indexedTo >= last) continue
      starts.set(entry.indexedTo, [...(starts.get(entry.indexedTo) ?? []), entry.address])
    }
    await db.transaction(async (tx) => {
      for (let offset = 0; offset < transactions.length; offset += 1_000) {
        await tx
          .insert(activityTransactions)
          .values(transactions.slice(offset, offset + 1_000))
          .onConflictDoNothing()
      }
      for (let offset = 0; offset < transfers.length; offset += 1_000) {
        await tx
          .insert(activityTransfers)
          .values(transfers.slice(offset, offset + 1_000))
          .onConflictDoNothing()
      }
      if (blocks.length > 0) {
        await tx
          .insert(indexedBlocks)
          .values(blocks)
          .onConflictDoUpdate({
            target: [indexedBlocks.chainId, indexedBlocks.number],
            set: { hash: sql`excluded.hash` },
          })
      }
      // Each address moves on only from the cursor it had when the batch was read: one watched
      // again or rolled back meanwhile keeps its own, never skipping a block.
      for (const [start, addresses] of starts) {
        for (let offset = 0; offset < addresses.length; offset += 1_000) {
          await tx
            .update(watchedAddresses)
            .set({ indexedTo: last })
            .where(
              and(
                eq(watchedAddresses.chainId, chainId),
                inArray(watchedAddresses.address, addresses.slice(offset, offset + 1_000)),
                eq(watchedAddresses.indexedTo, start),
              ),
            )
        }
      }
      await tx
        .delete(indexedBlocks)
        .where(
          and(
            eq(indexedBlocks.chainId, chainId),
            lte(indexedBlocks.number, head - settings.reorgDepth),
          ),
        )
    })
    return last - cursor
  }

  function schedule(chainId: string, delay: number) {
    const loop = loops.get(chainId)!
    if (stopped) return
    loop.timer = setTimeout(() => {
      loop.timer = undefined
      loop.wake = undefined
      loop.running = step(chainId).then(
        (done) => {
          if ((loop.unreachable ?? 0) >= UNREACHABLE_STEPS_BEFORE_LOG)
            log.info('indexer: node answers again', { chainId })
          loop.unreachable = 0
          const again = loop.again === true
          loop.again = false
          schedule(chainId, done > 0 || again ? 0 : settings.pollIntervalMs)
        },
        (error: unknown) => {
          // Stopping: whatever failed on the way out is no news.
          if (stopped) return
          if (isNodeUnreachable(error)) {
            loop.unreachable = (loop.unreachable ?? 0) + 1
            if (loop.unreachable === UNREACHABLE_STEPS_BEFORE_LOG)
              log.warn('indexer: node not answering; retrying', { chainId })
          } else {
            log.warn('indexer step failed', { chainId, error })
          }
          schedule(chainId, settings.pollIntervalMs)
        },
      )
    }, delay)
    loop.wake = () => {
      if (!loop.timer) return
      clearTimeout(loop.timer)
      schedule(chainId, 0)
    }
  }

  /** Asks for a step now; one in flight is followed by another at once. */
  function wake(chainId: string) {
    const loop = loops.get(chainId)
    if (!loop) return
    if (loop.timer) loop.wake?.()
    else loop.again = true
  }

  /**
   * Makes room for one more address on a full chain: first the idle ones go, then the one asked
   * for least recently, if nobody asked for it within `evictableWatchSeconds`.
   * @throws HttpError 503 `WATCH_LIMIT` when every address was asked for lately.
   */
  async function makeRoom(chainId: string, now: number) {
    const followed = async () =>
      Number(
        (
          await db
            .select({ rows: count() })
            .from(watchedAddresses)
            .where(eq(watchedAddresses.chainId, chainId))
        )[0]?.rows ?? 0,
      )
    if ((await followed()) < settings.maxWatchedAddresses) return
    sweptAt.delete(chainId)
    await sweepIdle(chainId, now)
    if ((await followed()) < settings.maxWatchedAddresses) return
    const [oldest] = await db
      .select({ address: watchedAddresses.address, lastAskedAt: watchedAddresses.lastAskedAt })
      .from(watchedAddresses)
      .where(and(eq(watchedAddresses.chainId, chainId), isNotNull(watchedAddresses.lastAskedAt)))
      .orderBy(asc(watchedAddresses.lastAskedAt))
      .limit(1)
    if (
      oldest?.lastAskedAt !== undefined &&
      oldest.lastAskedAt !== null &&
      oldest.lastAskedAt <= now - settings.evictableWatchSeconds * 1_000
    ) {
      await unwatch(chainId, [oldest.address])
      return
    }
    throw new HttpError(
      503,
      'WATCH_LIMIT',
      `The server follows its maximum of ${settings.maxWatchedAddresses} addresses on ${chainId}`,
    )
  }

  return {
    start() {
      if (started) return
      started = true
      for (const chain of parameters.chains) {
        loops.set(chain.id, { running: Promise.resolve() })
        schedule(chain.id, 0)
      }
    },
    async watch(chainId, address, options = {}) {
      const chain = parameters.chains.find((entry) => entry.id === chainId)
      const isSolana = parameters.solana?.has(chainId) === true
      if (!chain || !(isSolana || parameters.clients.has(chainId))) return true
      // eip155 addresses are kept in lower case; base58 (solana) is case-sensitive.
      const key = isSolana ? address : address.toLowerCase()
      const now = clock()
      const [known] = await db
        .select({ lastAskedAt: watchedAddresses.lastAskedAt })
        .from(watchedAddresses)
        .where(and(eq(watchedAddresses.chainId, chainId), eq(watchedAddresses.address, key)))
      if (known) {
        // Asked for again: it stays watched. Written at most once a minute per address.
        if (known.lastAskedAt !== null && known.lastAskedAt < now - 60_000) {
          await db
            .update(watchedAddresses)
            .set({ lastAskedAt: now })
            .where(and(eq(watchedAddresses.chainId, chainId), eq(watchedAddresses.address, key)))
        }
      } else {
        if (options.source !== undefined) {
          const wait = watchBudget.take(options.source)
          if (wait > 0) throw rateLimited('new addresses to follow', wait)
        }
        await makeRoom(chainId, now)
        await db
          .insert(watchedAddresses)
          .values({
            chainId,
            address: key,
            indexedTo: chain.startBlock - 1,
            firstSeenAt: now,
            lastAskedAt: now,
          })
          .onConflictDoNothing()
      }
      const head = await headOfChain(chainId)
      if (isSolana) {
        const waiting = awaited.get(chainId) ?? new Set<string>()
        waiting.add(key)
        awaited.set(chainId, waiting)
      }
      const caughtUp = async () => {
        const [row] = await db
          .select({ indexedTo: watchedAddresses.indexedTo })
          .from(watchedAddresses)
          .where(and(eq(watchedAddresses.chainId, chainId), eq(watchedAddresses.address, key)))
        return (row?.indexedTo ?? -1) >= head
      }
      // Only a step started after this call counts, so a reorg since the last one is followed too.
      const after = stepsStarted
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => finish(false), options.timeoutMs ?? settings.historyWaitMs)
        function finish(complete: boolean) {
          clearTimeout(timer)
          progress.delete(check)
          resolve(complete)
        }
        function check(sequence: number) {
          if (sequence <= after) return
          caughtUp().then(
            (done) => done && finish(true),
            () => finish(false),
          )
        }
        progress.add(check)
        if (loops.has(chainId)) wake(chainId)
        else step(chainId).catch(() => finish(false))
      })
    },
    step,
    async stop() {
      stopped = true
      stopping.abort()
      for (const loop of loops.values()) if (loop.timer) clearTimeout(loop.timer)
      await Promise.allSettled([...loops.values()].map((loop) => loop.running))
      await Promise.allSettled([...inFlight])
    },
  }
}
