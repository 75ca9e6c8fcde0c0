/**
 * One indexer step on an eip155 chain: roll back a reorg, sweep idle addresses, then read and
 * commit one batch of blocks for the scan that goes first.
 * @module
 */
import { and, eq } from 'drizzle-orm'
import type { PublicClient } from 'viem'
import type { ChainConfig } from '../config.js'
import { indexedBlocks } from '../storage/schema.js'
import { commitBatch } from './activityStore.js'
import { createTokenFacts, headOf, readBlocks } from './eip155Blocks.js'
import { rollbackIfReorged } from './reorg.js'
import type { StepParts } from './stepParts.js'
import type { WatchedAddress } from './watchList.js'

/** Runs one step on an eip155 chain; resolves with the blocks indexed. */
export type Eip155Step = (chain: ChainConfig, client: PublicClient) => Promise<number>

/**
 * Creates the eip155 step.
 * @param parameters - the step's parts, and whether the indexer stopped.
 * @returns the step, sharing one token cache across the chains.
 */
export function createEip155Step(
  parameters: StepParts & { readonly isStopped: () => boolean },
): Eip155Step {
  const { db, settings, watchList } = parameters
  const tokenFacts = createTokenFacts(parameters.tokens)

  /**
   * Reads the blocks after `cursor` (one batch, up to `head`) for every address whose own cursor
   * is `cursor` or, as the scan passes it, higher, and commits them in one transaction together
   * with those addresses' new cursors: no address skips a block or reads one twice, and a stop or
   * a crash resumes from the last committed batch.
   */
  async function scan(
    chain: ChainConfig,
    client: PublicClient,
    watched: readonly WatchedAddress[],
    cursor: number,
    head: number,
  ): Promise<number> {
    const chainId = chain.id
    const from = cursor + 1
    const to = Math.min(head, from + settings.batchBlocks - 1)
    if (from > to) return 0
    const [stored] = await db
      .select({ hash: indexedBlocks.hash })
      .from(indexedBlocks)
      .where(and(eq(indexedBlocks.chainId, chainId), eq(indexedBlocks.number, from - 1)))
    const batch = await readBlocks({
      chain,
      client,
      watched,
      cursor,
      to,
      head,
      reorgDepth: settings.reorgDepth,
      parentHash: stored?.hash,
      isStopped: parameters.isStopped,
      tokenFacts,
    })
    const { last } = batch
    if (last === cursor) return 0
    /** The addresses this batch was read for, by the cursor each had when it started. */
    const starts = new Map<number, string[]>()
    for (const entry of watched) {
      if (entry.indexedTo < cursor || entry.indexedTo >= last) continue
      starts.set(entry.indexedTo, [...(starts.get(entry.indexedTo) ?? []), entry.address])
    }
    await commitBatch(db, { chainId, ...batch, starts, settledTo: head - settings.reorgDepth })
    return last - cursor
  }

  return async (chain, client) => {
    await rollbackIfReorged({
      db,
      chain,
      client,
      reorgDepth: settings.reorgDepth,
      log: parameters.log,
    })
    await watchList.sweepIdle(chain.id, parameters.now())
    const watched = await watchList.watched(chain.id)
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
}
