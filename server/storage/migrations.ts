/**
 * Schema migrations, run at start in order, each once, inside one transaction that holds an
 * advisory lock, so two instances starting together on one PostgreSQL do not race.
 * Append new migrations; never edit one that has shipped.
 * @module
 */
import { sql } from 'drizzle-orm'
import { type Database, rowsOf } from './openStorage.js'

/** The migrations, by version: plain SQL statements matching `schema.ts`. */
export const MIGRATIONS: readonly {
  readonly version: number
  readonly statements: readonly string[]
}[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE relay_messages (
        id text PRIMARY KEY,
        topic text NOT NULL,
        message text NOT NULL,
        tag integer,
        published_at bigint NOT NULL,
        expires_at bigint NOT NULL,
        publisher_key text NOT NULL,
        size integer NOT NULL
        )`,
      `CREATE INDEX relay_messages_topic ON relay_messages (topic)`,
      `CREATE INDEX relay_messages_expires ON relay_messages (expires_at)`,
      `CREATE TABLE relay_acks (
        message_id text NOT NULL,
        client_key text NOT NULL,
        PRIMARY KEY (message_id, client_key)
        )`,
      `CREATE TABLE watched_addresses (
        chain_id text NOT NULL,
        address text NOT NULL,
        indexed_to bigint NOT NULL,
        first_seen_at bigint NOT NULL,
        PRIMARY KEY (chain_id, address)
        )`,
      `CREATE TABLE indexed_blocks (
        chain_id text NOT NULL,
        number bigint NOT NULL,
        hash text NOT NULL,
        PRIMARY KEY (chain_id, number)
        )`,
      `CREATE TABLE activity_transactions (
        chain_id text NOT NULL,
        address text NOT NULL,
        hash text NOT NULL,
        block_number bigint NOT NULL,
        tx_index integer NOT NULL,
        mined_at bigint NOT NULL,
        status text NOT NULL,
        operation_type text NOT NULL,
        sent_from text NOT NULL,
        sent_to text NOT NULL,
        fee text NOT NULL,
        PRIMARY KEY (chain_id, address, hash)
        )`,
      `CREATE INDEX activity_transactions_page
        ON activity_transactions (address, mined_at, chain_id, block_number, tx_index)`,
      `CREATE TABLE activity_transfers (
        chain_id text NOT NULL,
        address text NOT NULL,
        hash text NOT NULL,
        log_index integer NOT NULL,
        token text,
        symbol text NOT NULL,
        decimals integer NOT NULL,
        amount text NOT NULL,
        direction text NOT NULL,
        PRIMARY KEY (chain_id, address, hash, log_index)
        )`,
    ],
  },
  {
    version: 2,
    statements: [
      `CREATE TABLE siwx_nonces (
        nonce text PRIMARY KEY,
        expires_at bigint NOT NULL,
        spent_at bigint
        )`,
      `CREATE INDEX siwx_nonces_expires ON siwx_nonces (expires_at)`,
      `CREATE TABLE siwx_sessions (
        nonce text PRIMARY KEY,
        chain_id text NOT NULL,
        account_key text NOT NULL,
        session text NOT NULL,
        expires_at bigint NOT NULL,
        created_at bigint NOT NULL,
        token_hash text NOT NULL,
        revoked_at bigint
        )`,
      `CREATE INDEX siwx_sessions_account ON siwx_sessions (account_key, chain_id)`,
      `CREATE INDEX siwx_sessions_token ON siwx_sessions (token_hash)`,
    ],
  },
  {
    version: 3,
    statements: [
      `ALTER TABLE watched_addresses ADD COLUMN last_asked_at bigint`,
      // Every address so far was watched by a request: it was last asked when it was first seen.
      `UPDATE watched_addresses SET last_asked_at = first_seen_at`,
      `CREATE INDEX watched_addresses_asked ON watched_addresses (chain_id, last_asked_at)`,
    ],
  },
  {
    version: 4,
    statements: [
      `CREATE TABLE embedded_users (
        id text PRIMARY KEY,
        email text UNIQUE,
        social_key text UNIQUE,
        created_at bigint NOT NULL
        )`,
      `CREATE TABLE embedded_devices (
        user_id text NOT NULL,
        device_hash text NOT NULL,
        approval_hash text,
        approved_at bigint,
        created_at bigint NOT NULL,
        PRIMARY KEY (user_id, device_hash)
        )`,
      `CREATE INDEX embedded_devices_approval ON embedded_devices (approval_hash)`,
      `CREATE TABLE embedded_otps (
        id text PRIMARY KEY,
        email text NOT NULL,
        purpose text NOT NULL,
        user_id text,
        new_email text,
        device_hash text,
        code_hash text NOT NULL,
        attempts integer NOT NULL,
        expires_at bigint NOT NULL,
        used_at bigint,
        created_at bigint NOT NULL
        )`,
      `CREATE INDEX embedded_otps_email ON embedded_otps (email, purpose)`,
      `CREATE TABLE embedded_mail_cooldowns (
        email text PRIMARY KEY,
        last_at bigint NOT NULL
        )`,
      `CREATE TABLE embedded_sessions (
        token_hash text PRIMARY KEY,
        user_id text NOT NULL,
        project_id text NOT NULL,
        site text NOT NULL,
        created_at bigint NOT NULL,
        expires_at bigint NOT NULL,
        revoked_at bigint
        )`,
      `CREATE INDEX embedded_sessions_user ON embedded_sessions (user_id)`,
      `CREATE TABLE embedded_shares (
        user_id text PRIMARY KEY,
        device_share text NOT NULL,
        server_share text NOT NULL,
        accounts text NOT NULL,
        created_at bigint NOT NULL
        )`,
      `CREATE TABLE embedded_passkeys (
        credential_id text PRIMARY KEY,
        user_id text NOT NULL,
        public_key text NOT NULL,
        counter bigint NOT NULL,
        transports text NOT NULL,
        created_at bigint NOT NULL
        )`,
      `CREATE INDEX embedded_passkeys_user ON embedded_passkeys (user_id)`,
      `CREATE TABLE embedded_pending (
        id text PRIMARY KEY,
        kind text NOT NULL,
        data text NOT NULL,
        secret_hash text,
        user_id text,
        error text,
        expires_at bigint NOT NULL,
        used_at bigint
        )`,
      `CREATE INDEX embedded_pending_expires ON embedded_pending (expires_at)`,
    ],
  },
  {
    // How a session logged in: the Account view offers the email update only to an email login.
    version: 5,
    statements: [`ALTER TABLE embedded_sessions ADD COLUMN social_provider text`],
  },
]

/** An arbitrary constant naming Gangway's migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK = 7_272_013

/**
 * Applies the migrations the database has not seen yet.
 * @param db - the open database.
 * @returns the versions applied now (empty when it was up to date).
 */
export async function migrate(db: Database): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`)
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS gangway_migrations (version integer PRIMARY KEY, applied_at bigint NOT NULL)`,
    )
    const done = rowsOf<{ version: number }>(
      await tx.execute(sql`SELECT version FROM gangway_migrations`),
    )
    const seen = new Set(done.map((row) => Number(row.version)))
    const applied: number[] = []
    for (const migration of MIGRATIONS) {
      if (seen.has(migration.version)) continue
      // One statement per call: PGlite's extended protocol runs a single statement at a time.
      for (const statement of migration.statements) await tx.execute(sql.raw(statement))
      await tx.execute(
        sql`INSERT INTO gangway_migrations (version, applied_at) VALUES (${migration.version}, ${Date.now()})`,
      )
      applied.push(migration.version)
    }
    return applied
  })
}
