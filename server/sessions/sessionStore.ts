/**
 * Where the session paths keep their state: the nonces the server issued (each accepted once, by
 * one atomic update, so two servers on one database never accept it twice) and the sessions it
 * accepted, with the hash of each one's revocation token.
 * @module
 */
import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import type { NonceStore } from '../../src/siwx-server/index.js'
import type { Database } from '../storage/openStorage.js'
import { siwxNonces, siwxSessions } from '../storage/schema.js'

/** Most unused nonces kept: issuing is open to anyone, so the table must not grow without end. */
export const MAX_OUTSTANDING_NONCES = 100_000

/** A stored session as the paths read it back. */
export interface StoredSession {
  readonly nonce: string
  readonly chainId: string
  /** The session as posted (JSON text). */
  readonly session: string
  readonly expiresAt: number
}

/** The session paths' storage. */
export interface SessionStore {
  /** The verifier's nonce store on the database. */
  readonly nonces: NonceStore
  /** Keeps an accepted session; the account's oldest beyond `maxPerAccount` on its chain go. */
  save(row: {
    readonly nonce: string
    readonly chainId: string
    readonly accountKey: string
    readonly session: string
    readonly expiresAt: number
    readonly tokenHash: string
    readonly now: number
  }): Promise<void>
  /** The account's sessions that are neither revoked nor expired, newest first. */
  live(accountKey: string, chainId: string | undefined, now: number): Promise<StoredSession[]>
  /**
   * Revokes the session of the token (with `all`, every session of the account, on `chainId` only
   * if given). `undefined` when the token is no live session of this account's (never issued,
   * another account's, already revoked or expired).
   */
  revoke(parameters: {
    readonly accountKey: string
    readonly tokenHash: string
    readonly chainId: string | undefined
    readonly all: boolean
    readonly now: number
  }): Promise<number | undefined>
}

/**
 * The account key sessions are filed under: eip155 addresses compare without their checksum case;
 * base58 (solana) is case-sensitive.
 * @param address - the account as its chain writes it.
 * @returns the key.
 */
export const accountKeyOf = (address: string): string =>
  address.startsWith('0x') ? address.toLowerCase() : address

/**
 * The session store on the server's database.
 * @param db - the open database.
 * @param maxPerAccount - most live sessions kept per account and network.
 * @returns the store.
 */
export function createSessionStore(db: Database, maxPerAccount: number): SessionStore {
  const nonces: NonceStore = {
    issue: async (nonce, expiresAt) => {
      const now = Date.now()
      // Unused nonces that expired go; spent ones stay, so a replay reads NONCE_REUSED.
      await db
        .delete(siwxNonces)
        .where(and(isNull(siwxNonces.spentAt), lte(siwxNonces.expiresAt, now)))
      await db.execute(sql`DELETE FROM siwx_nonces WHERE nonce IN (
        SELECT nonce FROM siwx_nonces WHERE spent_at IS NULL ORDER BY expires_at ASC
        LIMIT GREATEST(0, (SELECT count(*) FROM siwx_nonces WHERE spent_at IS NULL) - ${MAX_OUTSTANDING_NONCES - 1}))`)
      await db.insert(siwxNonces).values({ nonce, expiresAt })
    },
    spend: async (nonce, now) => {
      const spent = await db
        .update(siwxNonces)
        .set({ spentAt: now })
        .where(
          and(
            eq(siwxNonces.nonce, nonce),
            isNull(siwxNonces.spentAt),
            gt(siwxNonces.expiresAt, now),
          ),
        )
        .returning({ nonce: siwxNonces.nonce })
      if (spent.length > 0) return 'accepted'
      const [row] = await db
        .select({ spentAt: siwxNonces.spentAt })
        .from(siwxNonces)
        .where(eq(siwxNonces.nonce, nonce))
      return row && row.spentAt !== null ? 'reused' : 'unknown'
    },
  }

  return {
    nonces,
    save: async (row) => {
      await db.insert(siwxSessions).values({
        nonce: row.nonce,
        chainId: row.chainId,
        accountKey: row.accountKey,
        session: row.session,
        expiresAt: row.expiresAt,
        createdAt: row.now,
        tokenHash: row.tokenHash,
      })
      // Sessions that expired go (their messages are refused as EXPIRED before any nonce check);
      // beyond the limit the account's oldest go. Their nonces stay spent.
      await db.delete(siwxSessions).where(lte(siwxSessions.expiresAt, row.now))
      await db.execute(sql`DELETE FROM siwx_sessions WHERE nonce IN (
        SELECT nonce FROM siwx_sessions
        WHERE account_key = ${row.accountKey} AND chain_id = ${row.chainId}
        ORDER BY created_at DESC, nonce DESC OFFSET ${maxPerAccount})`)
    },
    live: async (accountKey, chainId, now) =>
      db
        .select({
          nonce: siwxSessions.nonce,
          chainId: siwxSessions.chainId,
          session: siwxSessions.session,
          expiresAt: siwxSessions.expiresAt,
        })
        .from(siwxSessions)
        .where(
          and(
            eq(siwxSessions.accountKey, accountKey),
            chainId === undefined ? undefined : eq(siwxSessions.chainId, chainId),
            isNull(siwxSessions.revokedAt),
            gt(siwxSessions.expiresAt, now),
          ),
        )
        .orderBy(desc(siwxSessions.createdAt), desc(siwxSessions.nonce))
        .limit(64),
    revoke: async ({ accountKey, tokenHash, chainId, all, now }) => {
      // Only a live session's token speaks for the account: one revoked or expired revokes nothing.
      const [owned] = await db
        .select({ nonce: siwxSessions.nonce, chainId: siwxSessions.chainId })
        .from(siwxSessions)
        .where(
          and(
            eq(siwxSessions.accountKey, accountKey),
            eq(siwxSessions.tokenHash, tokenHash),
            isNull(siwxSessions.revokedAt),
            gt(siwxSessions.expiresAt, now),
          ),
        )
      if (!owned) return undefined
      const revoked = await db
        .update(siwxSessions)
        .set({ revokedAt: now })
        .where(
          and(
            isNull(siwxSessions.revokedAt),
            // "How many stopped counting": an expired session already had.
            gt(siwxSessions.expiresAt, now),
            all
              ? and(
                  eq(siwxSessions.accountKey, accountKey),
                  chainId === undefined ? undefined : eq(siwxSessions.chainId, chainId),
                )
              : eq(siwxSessions.nonce, owned.nonce),
          ),
        )
        .returning({ nonce: siwxSessions.nonce })
      return revoked.length
    },
  }
}
