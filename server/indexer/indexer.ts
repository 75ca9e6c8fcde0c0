/**
 * The activity indexer: follows each configured chain block by block for the watched addresses,
 * from `startBlock`, storing one transaction (and its transfers) per address in the same database
 * transaction that advances the address's `indexed_to`, so a restart resumes exactly where it
 * stopped, losing nothing and duplicating nothing. A block whose hash no longer matches the
 * node's (a reorg; anvil's `evm_revert`) rolls the history back to the common ancestor.
 * @module
 */
import { and, count, desc, eq, gt, inArray, lt, lte, min, sql } from 'drizzle-orm'
import { erc20Abi, type Log, type PublicClient } from 'viem'
import type { ChainConfig, ServerConfig, TokenConfig } from '../config.js'
import { HttpError } from '../http.js'
import type { Logger } from '../log.js'
import type { Database } from '../storage/openStorage.js'
import {
  activityTransactions,
  activityTransfers,
  indexedBlocks,
  watchedAddresses,
} from '../storage/schema.js'
import { collectBlock, type TokenFacts, TRANSFER_TOPIC } from './collect.js'
import { findAncestor } from './reorg.js'

/**
 * The node's head, asked now: viem's `getBlockNumber` hands a concurrent caller the answer of a
 * request already in flight, which can predate the block being waited for.
 */
async function headOf(client: PublicClient): Promise<number> {
  return Number(BigInt(await client.request({ method: 'eth_blockNumber' })))
}

/** The running indexer. */
export interface Indexer {
  /** Starts following every chain. */
  start(): void
  /**
   * Watches an address on a chain, and waits (at most `timeoutMs`) until it is indexed up to the
   * head the node reported when asked, so a first history request sees the past too.
   * @throws HttpError 503 `WATCH_LIMIT` when the chain already has `maxWatchedAddresses`.
   */
  watch(chainId: string, address: string, timeoutMs?: number): Promise<void>
  /** Runs one step on a chain now (tests and the bench); resolves with blocks indexed. */
  step(chainId: string): Promise<number>
  /** Stops after the current block's transaction; resolves once nothing is running. */
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
  readonly settings: ServerConfig['indexer']
  readonly log: Logger
}): Indexer {
  const { db, settings, log } = parameters
  const tokenCache = new Map<string, TokenFacts>()
  let stopped = false
  let started = false
  const loops = new Map<
    string,
    { running: Promise<unknown>; timer?: NodeJS.Timeout; wake?: () => void; again?: boolean }
  >()
  const progress = new Set<(sequence: number) => void>()
  let stepsStarted = 0

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

  async function stepOnce(chainId: string): Promise<number> {
    const chain = parameters.chains.find((entry) => entry.id === chainId)
    const client = parameters.clients.get(chainId)
    if (!chain || !client) throw new Error(`indexer: unknown chain ${chainId}`)
    if (stopped) return 0
    await rollbackIfReorged(chain, client)
    const watched = await db
      .select()
      .from(watchedAddresses)
      .where(eq(watchedAddresses.chainId, chainId))
    if (watched.length === 0) return 0
    const head = await headOf(client)
    const from = Math.min(...watched.map((entry) => entry.indexedTo)) + 1
    const to = Math.min(head, from + settings.batchBlocks - 1)
    if (from > to) return 0
    const logs = await client.getLogs({
      fromBlock: BigInt(from),
      toBlock: BigInt(to),
      // biome-ignore lint/suspicious/noExplicitAny: viem types topic filters per event; raw topics here
      topics: [TRANSFER_TOPIC] as any,
    } as Parameters<PublicClient['getLogs']>[0])
    let done = 0
    for (let number = from; number <= to && !stopped; number += 1) {
      const block = await client.getBlock({
        blockNumber: BigInt(number),
        includeTransactions: true,
      })
      const previous = await db
        .select()
        .from(indexedBlocks)
        .where(and(eq(indexedBlocks.chainId, chainId), eq(indexedBlocks.number, number - 1)))
      // The node moved under us: the next step's reorg check rolls back first.
      if (previous[0] && previous[0].hash !== block.parentHash) break
      const addresses = new Set(
        watched.filter((entry) => entry.indexedTo < number).map((entry) => entry.address),
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
      await db.transaction(async (tx) => {
        if (rows.transactions.length > 0) {
          await tx.insert(activityTransactions).values(rows.transactions).onConflictDoNothing()
        }
        if (rows.transfers.length > 0) {
          await tx.insert(activityTransfers).values(rows.transfers).onConflictDoNothing()
        }
        await tx
          .insert(indexedBlocks)
          .values({ chainId, number, hash: block.hash! })
          .onConflictDoUpdate({
            target: [indexedBlocks.chainId, indexedBlocks.number],
            set: { hash: block.hash! },
          })
        // Only the addresses this block was read for: one watched meanwhile starts from its own
        // beginning, not from here.
        if (addresses.size > 0) {
          await tx
            .update(watchedAddresses)
            .set({ indexedTo: number })
            .where(
              and(
                eq(watchedAddresses.chainId, chainId),
                inArray(watchedAddresses.address, [...addresses]),
                lt(watchedAddresses.indexedTo, number),
              ),
            )
        }
        await tx
          .delete(indexedBlocks)
          .where(
            and(
              eq(indexedBlocks.chainId, chainId),
              lte(indexedBlocks.number, number - settings.reorgDepth),
            ),
          )
      })
      done += 1
    }
    return done
  }

  function schedule(chainId: string, delay: number) {
    const loop = loops.get(chainId)!
    if (stopped) return
    loop.timer = setTimeout(() => {
      loop.timer = undefined
      loop.wake = undefined
      loop.running = step(chainId).then(
        (done) => {
          const again = loop.again === true
          loop.again = false
          schedule(chainId, done > 0 || again ? 0 : settings.pollIntervalMs)
        },
        (error: unknown) => {
          log.warn('indexer step failed', { chainId, error })
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

  return {
    start() {
      if (started) return
      started = true
      for (const chain of parameters.chains) {
        loops.set(chain.id, { running: Promise.resolve() })
        schedule(chain.id, 0)
      }
    },
    async watch(chainId, address, timeoutMs = 10_000) {
      const chain = parameters.chains.find((entry) => entry.id === chainId)
      const client = parameters.clients.get(chainId)
      if (!chain || !client) return
      const lower = address.toLowerCase()
      const known = await db
        .select({ address: watchedAddresses.address })
        .from(watchedAddresses)
        .where(and(eq(watchedAddresses.chainId, chainId), eq(watchedAddresses.address, lower)))
      if (known.length === 0) {
        const [followed] = await db
          .select({ rows: count() })
          .from(watchedAddresses)
          .where(eq(watchedAddresses.chainId, chainId))
        if ((followed?.rows ?? 0) >= settings.maxWatchedAddresses) {
          throw new HttpError(
            503,
            'WATCH_LIMIT',
            `The server follows its maximum of ${settings.maxWatchedAddresses} addresses on ${chainId}`,
          )
        }
      }
      await db
        .insert(watchedAddresses)
        .values({
          chainId,
          address: lower,
          indexedTo: chain.startBlock - 1,
          firstSeenAt: Date.now(),
        })
        .onConflictDoNothing()
      const head = await headOf(client)
      const caughtUp = async () => {
        const [row] = await db
          .select({ indexedTo: min(watchedAddresses.indexedTo) })
          .from(watchedAddresses)
          .where(and(eq(watchedAddresses.chainId, chainId), eq(watchedAddresses.address, lower)))
        return (row?.indexedTo ?? -1) >= head
      }
      // Only a step started after this call counts, so a reorg since the last one is followed too.
      const after = stepsStarted
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, timeoutMs)
        function finish() {
          clearTimeout(timer)
          progress.delete(check)
          resolve()
        }
        function check(sequence: number) {
          if (sequence <= after) return
          caughtUp().then((done) => done && finish(), finish)
        }
        progress.add(check)
        if (loops.has(chainId)) wake(chainId)
        else step(chainId).catch(finish)
      })
    },
    step,
    async stop() {
      stopped = true
      for (const loop of loops.values()) if (loop.timer) clearTimeout(loop.timer)
      await Promise.allSettled([...loops.values()].map((loop) => loop.running))
      await Promise.allSettled([...inFlight])
    },
  }
}
