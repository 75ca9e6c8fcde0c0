/**
 * Reorg handling: the recent blocks the indexer stored, compared with what the node says now, and
 * the history rolled back to where they agree again.
 * @module
 */
import { desc, eq } from 'drizzle-orm'
import { BlockNotFoundError, type PublicClient } from 'viem'
import type { ChainConfig } from '../config.js'
import type { Logger } from '../log.js'
import type { Database } from '../storage/openStorage.js'
import { indexedBlocks } from '../storage/schema.js'
import { rollBackTo } from './activityStore.js'

/**
 * Finds where the stored blocks and the node agree again, newest first.
 * @param recent - stored `{ number, hash }`, newest first.
 * @param client - the chain's client.
 * @returns `undefined` when the newest stored block still matches (no reorg); otherwise the
 * number of the newest block that matches, or `null` when none of the stored ones does.
 * @throws what the client throws when the node cannot be reached: no answer is no reorg.
 */
export async function findAncestor(
  recent: readonly { readonly number: number; readonly hash: string }[],
  client: PublicClient,
): Promise<number | null | undefined> {
  for (const [index, stored] of recent.entries()) {
    const hash = await client
      .getBlock({ blockNumber: BigInt(stored.number) })
      .then((block) => block.hash)
      // A block above the node's head (anvil after evm_revert) does not exist any more. Only the
      // node saying so counts: a node that cannot be reached (stopped, restarting) says nothing
      // about the chain, and reading that as "no block matches" would roll history back to the
      // start, so the failure goes to the caller.
      .catch((error: unknown) => {
        if (error instanceof BlockNotFoundError) return null
        throw error
      })
    if (hash === stored.hash) return index === 0 ? undefined : stored.number
  }
  return recent.length === 0 ? undefined : null
}

/**
 * Rolls a chain's history back to the common ancestor when the node no longer has the newest
 * block stored (a reorg; anvil's `evm_revert`).
 * @param parameters - database, chain, its client, how many recent blocks are compared, logger.
 * @returns whether history was rolled back.
 * @throws what the client throws when the node cannot be reached (see {@link findAncestor}).
 */
export async function rollbackIfReorged(parameters: {
  readonly db: Database
  readonly chain: ChainConfig
  readonly client: PublicClient
  readonly reorgDepth: number
  readonly log: Logger
}): Promise<boolean> {
  const { db, chain } = parameters
  const recent = await db
    .select()
    .from(indexedBlocks)
    .where(eq(indexedBlocks.chainId, chain.id))
    .orderBy(desc(indexedBlocks.number))
    .limit(parameters.reorgDepth)
  const ancestor = await findAncestor(recent, parameters.client)
  if (ancestor === undefined) return false
  const floor = ancestor ?? chain.startBlock - 1
  await rollBackTo(db, chain.id, floor)
  parameters.log.warn('reorg: history rolled back', { chainId: chain.id, toBlock: floor })
  return true
}
