/**
 * The storage port: one Drizzle database over PGlite (the embedded default, in a data directory
 * the process owns) or PostgreSQL (`DATABASE_URL`), with the same schema and queries.
 * @module
 */
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { type DataDirLock, lockDataDir } from './lock.js'
import { migrate } from './migrations.js'
import { schema } from './schema.js'

/** The database every module queries: the same type whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

/**
 * The rows of a raw `execute`: both drivers answer `{ rows }` (PGlite `Results`, pg `QueryResult`).
 * @param result - what `db.execute` resolved to.
 * @returns its rows.
 */
export function rowsOf<TRow>(result: unknown): TRow[] {
  return (result as { rows: TRow[] }).rows
}

/** Where the data lives. */
export type StorageConfig =
  | {
      readonly kind: 'pglite'
      /** The data directory; created when missing; locked while the server runs. */
      readonly dataDir: string
      /** A `dumpDataDir()` tarball to start a fresh directory from (tests: skips initdb). */
      readonly snapshot?: Blob
    }
  | {
      readonly kind: 'postgres'
      /** A `postgres://` connection string. */
      readonly url: string
      /** Pool size (default 10). */
      readonly poolSize?: number
    }

/** An open database with its migrations applied. */
export interface Storage {
  readonly kind: StorageConfig['kind']
  readonly db: Database
  /** Closes the connection(s) and releases the data directory's lock. Idempotent. */
  close(): Promise<void>
}

/**
 * Opens the storage: takes the data directory's lock (PGlite) or connects a pool (PostgreSQL),
 * then runs the migrations.
 * @param config - PGlite data directory or PostgreSQL URL.
 * @returns the storage.
 * @throws DataDirLockedError when another server holds the data directory; the driver's error when
 * PostgreSQL cannot be reached.
 */
export async function openStorage(config: StorageConfig): Promise<Storage> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
      // Every wait on the database is bounded: a query that hangs fails its request instead.
      query_timeout: 10_000,
    })
    // An idle client that loses its connection emits here; the pool replaces it.
    pool.on('error', () => undefined)
    try {
      const db = drizzleNodePostgres(pool, { schema }) as unknown as Database
      await migrate(db)
      let closing: Promise<void> | undefined
      return { kind: 'postgres', db, close: () => (closing ??= pool.end()) }
    } catch (error) {
      await pool.end().catch(() => undefined)
      throw error
    }
  }
  mkdirSync(config.dataDir, { recursive: true })
  const lock: DataDirLock = lockDataDir(config.dataDir)
  let client: PGlite | undefined
  try {
    client = await PGlite.create({
      dataDir: config.dataDir,
      ...(config.snapshot ? { loadDataDir: config.snapshot } : {}),
    })
    const db = drizzlePglite(client, { schema }) as unknown as Database
    await migrate(db)
    const opened = client
    let closing: Promise<void> | undefined
    return {
      kind: 'pglite',
      db,
      close: () =>
        (closing ??= opened.close().finally(() => {
          lock.release()
        })),
    }
  } catch (error) {
    await client?.close().catch(() => undefined)
    lock.release()
    throw error
  }
}
