/**
 * The indexer's watch list: which addresses each chain follows and how far each is indexed. New
 * addresses cost a budget per network source; addresses nobody asks for are unwatched in time, and
 * a full chain makes room by evicting the one asked for least recently, if that was long enough ago.
 * @module
 */
import { and, asc, count, eq, isNotNull, lt } from 'drizzle-orm'
import type { ServerConfig } from '../config.js'
import { createSourceBudget, HttpError, rateLimited } from '../http.js'
import type { Logger } from '../log.js'
import type { Database } from '../storage/openStorage.js'
import { watchedAddresses } from '../storage/schema.js'
import { deleteAddresses } from './activityStore.js'

/** A followed address and the last block (solana: slot) indexed for it. */
export interface WatchedAddress {
  readonly address: string
  readonly indexedTo: number
}

/** The watch list of every chain. */
export interface WatchList {
  /** The addresses a chain follows, with their cursors. */
  watched(chainId: string): Promise<WatchedAddress[]>
  /** How far an address is indexed; `undefined` when it is not watched. */
  indexedTo(chainId: string, address: string): Promise<number | undefined>
  /**
   * Notes that an address was asked for: a known one stays watched, a new one is added with
   * `indexedTo` as its cursor.
   * @throws HttpError 429 `RATE_LIMITED` when `source` has watched its budget of new addresses;
   * 503 `WATCH_LIMIT` when the chain follows `maxWatchedAddresses`, all asked for lately.
   */
  ask(
    chainId: string,
    address: string,
    parameters: { readonly indexedTo: number; readonly source?: string },
  ): Promise<void>
  /** Unwatches the chain's addresses nobody asked for within `idleWatchSeconds` (once a minute). */
  sweepIdle(chainId: string, now: number): Promise<void>
}

/**
 * Creates the watch list.
 * @param parameters - database, the indexer's settings, logger and clock.
 * @returns the watch list.
 */
export function createWatchList(parameters: {
  readonly db: Database
  readonly settings: ServerConfig['indexer']
  readonly log: Logger
  readonly now: () => number
}): WatchList {
  const { db, settings, log } = parameters
  // New addresses cost each network source a budget: anonymous requests cannot fill the list.
  const watchBudget = createSourceBudget({
    perHour: settings.newWatchesPerSourcePerHour,
    burst: settings.newWatchBurstPerSource,
    now: parameters.now,
  })
  /** When each chain's idle addresses were last looked for. */
  const sweptAt = new Map<string, number>()
  const where = (chainId: string, address: string) =>
    and(eq(watchedAddresses.chainId, chainId), eq(watchedAddresses.address, address))

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
    await deleteAddresses(
      db,
      chainId,
      idle.map((row) => row.address),
    )
    log.info('indexer: idle addresses unwatched', { chainId, addresses: idle.length })
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
      await deleteAddresses(db, chainId, [oldest.address])
      return
    }
    throw new HttpError(
      503,
      'WATCH_LIMIT',
      `The server follows its maximum of ${settings.maxWatchedAddresses} addresses on ${chainId}`,
    )
  }

  return {
    watched: (chainId) =>
      db
        .select({ address: watchedAddresses.address, indexedTo: watchedAddresses.indexedTo })
        .from(watchedAddresses)
        .where(eq(watchedAddresses.chainId, chainId)),
    async indexedTo(chainId, address) {
      const [row] = await db
        .select({ indexedTo: watchedAddresses.indexedTo })
        .from(watchedAddresses)
        .where(where(chainId, address))
      return row?.indexedTo
    },
    async ask(chainId, address, { indexedTo, source }) {
      const now = parameters.now()
      const [known] = await db
        .select({ lastAskedAt: watchedAddresses.lastAskedAt })
        .from(watchedAddresses)
        .where(where(chainId, address))
      if (known) {
        // Asked for again: it stays watched. Written at most once a minute per address.
        if (known.lastAskedAt !== null && known.lastAskedAt < now - 60_000) {
          await db.update(watchedAddresses).set({ lastAskedAt: now }).where(where(chainId, address))
        }
        return
      }
      if (source !== undefined) {
        const wait = watchBudget.take(source)
        if (wait > 0) throw rateLimited('new addresses to follow', wait)
      }
      await makeRoom(chainId, now)
      await db
        .insert(watchedAddresses)
        .values({ chainId, address, indexedTo, firstSeenAt: now, lastAskedAt: now })
        .onConflictDoNothing()
    },
    sweepIdle,
  }
}
