/**
 * Migrations on a database that ran an older Gangway: the new ones apply once, and rows written
 * before them keep working.
 */
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAccountsStore } from '../../server/embedded/accountsStore.js'
import { createServerKeys } from '../../server/embedded/secrets.js'
import { MIGRATIONS, migrate } from '../../server/storage/migrations.js'
import { type Database, rowsOf } from '../../server/storage/openStorage.js'
import { schema } from '../../server/storage/schema.js'

describe('a database from before sessions recorded their social provider (version 4)', () => {
  let client: PGlite
  let db: Database
  beforeAll(async () => {
    client = await PGlite.create()
    db = drizzle(client, { schema }) as unknown as Database
    // As a server at version 4 left it: its tables, and one session an email code opened.
    await db.execute(
      sql`CREATE TABLE gangway_migrations (version integer PRIMARY KEY, applied_at bigint NOT NULL)`,
    )
    for (const migration of MIGRATIONS.filter((each) => each.version <= 4)) {
      for (const statement of migration.statements) await db.execute(sql.raw(statement))
      await db.execute(
        sql`INSERT INTO gangway_migrations (version, applied_at) VALUES (${migration.version}, 0)`,
      )
    }
    await db.execute(sql`INSERT INTO embedded_sessions
      (token_hash, user_id, project_id, site, created_at, expires_at)
      VALUES ('old-session', 'u1', 'p1', 'https://shop.example', 0, 9999999999999)`)
  }, 60_000)
  afterAll(async () => {
    await client?.close()
  })

  test('gets the column: the old session reads as no social login, a new one keeps its provider', async () => {
    const applied = await migrate(db)
    expect(applied).toEqual([5])
    const [old] = rowsOf<{ social_provider: string | null }>(
      await db.execute(
        sql`SELECT social_provider FROM embedded_sessions WHERE token_hash = 'old-session'`,
      ),
    )
    expect(old).toEqual({ social_provider: null })

    const store = createAccountsStore(db, createServerKeys(Buffer.alloc(32, 7).toString('base64')))
    const token = 'a-session-token-from-google-login'
    await store.createSession({
      token,
      userId: 'u2',
      projectId: 'p1',
      site: 'https://shop.example',
      now: 1_000,
      ttlMs: 60_000,
      socialProvider: 'google',
    })
    expect(await store.session(token, 2_000)).toMatchObject({ socialProvider: 'google' })
    // Once: a second start applies nothing.
    expect(await migrate(db)).toEqual([])
  })
})
