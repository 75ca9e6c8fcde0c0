/**
 * The indexer's writes: a batch of eip155 blocks committed with the cursors it moves, a reorg's
 * rollback, and unwatched addresses' history deleted; each in one database transaction, so a crash
 * leaves either all of it or none.
 * @module
 */
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '../storage/openStorage.js'
import {
  activityTransactions,
  activityTransfers,
  indexedBlocks,
  watchedAddresses,
} from '../storage/schema.js'
import type { TransactionRow, TransferRow } from './collect.js'

/** Rows per statement: a batch of many addresses or transfers stays under the drivers' limits. */
const ROWS_PER_STATEMENT = 1_000

/** The slices of `rows`, `ROWS_PER_STATEMENT` at a time. */
function* chunks<TRow>(rows: readonly TRow[]): Generator<TRow[]> {
  for (let offset = 0; offset < rows.length; offset += ROWS_PER_STATEMENT)
    yield rows.slice(offset, offset + ROWS_PER_STATEMENT)
}

/**
 * Stores one batch of blocks read for a chain and moves the cursors of the addresses it was read
 * for to `last`, in one transaction; then forgets stored block hashes no reorg can replace.
 * @param db - the database.
 * @param batch - the chain, the rows read, the block hashes to keep, the addresses by the cursor
 * each had when the batch was read, the last block read, and the newest block no reorg reaches.
 */
export async function commitBatch(
  db: Database,
  batch: {
    readonly chainId: string
    readonly transactions: readonly TransactionRow[]
    readonly transfers: readonly TransferRow[]
    readonly blocks: readonly { chainId: string; number: number; hash: string }[]
    readonly starts: ReadonlyMap<number, readonly string[]>
    readonly last: number
    readonly settledTo: number
  },
): Promise<void> {
  const { chainId, last } = batch
  await db.transaction(async (tx) => {
    for (const some of chunks(batch.transactions)) {
      await tx.insert(activityTransactions).values(some).onConflictDoNothing()
    }
    for (const some of chunks(batch.transfers)) {
      await tx.insert(activityTransfers).values(some).onConflictDoNothing()
    }
    if (batch.blocks.length > 0) {
      await tx
        .insert(indexedBlocks)
        .values([...batch.blocks])
        .onConflictDoUpdate({
          target: [indexedBlocks.chainId, indexedBlocks.number],
          set: { hash: sql`excluded.hash` },
        })
    }
    // Each address moves on only from the cursor it had when the batch was read: one watched
    // again or rolled back meanwhile keeps its own, never skipping a block.
    for (const [start, addresses] of batch.starts) {
      for (const some of chunks(addresses)) {
        await tx
          .update(watchedAddresses)
          .set({ indexedTo: last })
          .where(
            and(
              eq(watchedAddresses.chainId, chainId),
              inArray(watchedAddresses.address, some),
              eq(watchedAddresses.indexedTo, start),
            ),
          )
      }
    }
    await tx
      .delete(indexedBlocks)
      .where(and(eq(indexedBlocks.chainId, chainId), lte(indexedBlocks.number, batch.settledTo)))
  })
}

/**
 * Rolls a chain's history back to `floor`: the transactions and transfers of later blocks, their
 * stored hashes, and every cursor past it, in one transaction.
 * @param db - the database.
 * @param chainId - the chain's CAIP-2 id.
 * @param floor - the newest block that stays.
 */
export async function rollBackTo(db: Database, chainId: string, floor: number): Promise<void> {
  await db.transaction(async (tx) => {
    const c = chainId
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
      .where(and(eq(activityTransactions.chainId, c), gt(activityTransactions.blockNumber, floor)))
    await tx
      .delete(indexedBlocks)
      .where(and(eq(indexedBlocks.chainId, c), gt(indexedBlocks.number, floor)))
    await tx
      .update(watchedAddresses)
      .set({ indexedTo: floor })
      .where(and(eq(watchedAddresses.chainId, c), gt(watchedAddresses.indexedTo, floor)))
  })
}

/**
 * Stops following the given addresses and deletes their history, in one transaction per chunk:
 * what nobody asks for costs neither indexing nor storage. Asked for again, an address starts over.
 * @param db - the database.
 * @param chainId - the chain's CAIP-2 id.
 * @param addresses - the addresses, as stored.
 */
export async function deleteAddresses(
  db: Database,
  chainId: string,
  addresses: readonly string[],
): Promise<void> {
  for (const some of chunks(addresses)) {
    await db.transaction(async (tx) => {
      await tx
        .delete(watchedAddresses)
        .where(and(eq(watchedAddresses.chainId, chainId), inArray(watchedAddresses.address, some)))
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
