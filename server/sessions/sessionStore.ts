/**
 * Where the session paths keep their state: the nonces the server issued (each accepted once, by
 * one atomic update, so two servers on one database never accept it twice) and the sessions it
 * accepted, with the hash of each one's revocation token.
 * @module
 */
import { and, count, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import { NonceLimitError, type NonceStore } from '../../src/siwx-server/index.js'
import type { Database } from '../storage/openStorage.js'
import { siwxNonces, siwxSessions } from '../storage/schema.js'

/** How often expired unused nonces are deleted, at most (each row once: O(1) per issue amortized). */
const NONCE_SWEEP_INTERVAL_MS = 60_000
/** How often a full table is counted again, at most: refusals cost nothing in between. */
const NONCE_RECOUNT_INTERVAL_MS = 5_000

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
  /**
   * The live (neither revoked nor expired) session of the account that the token was handed out
   * for; `undefined` when the token is no live session of this account's.
   */
  owner(accountKey: string, tokenHash: string, now: number): Promise<StoredSession | undefined>
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
 * @param limits - most live sessions per account and network, most unused nonces, the clock.
 * @returns the store.
 */
export function createSessionStore(
  db: Database,
  limits: {
    readonly maxPerAccount: number
    readonly maxOutstandingNonces: number
    readonly now?: () => number
  },
): SessionStore {
  const { maxPerAccount, maxOutstandingNonces } = limits
  const clock = limits.now ?? Date.now
  /**
   * Unused nonces in the table as this process last counted them, plus what it issued since: a
   * bound enforced without counting on every issue. Instances sharing a database recount within
   * a sweep interval, so together they overshoot by at most what they issue in one.
   */
  let outstanding: number | undefined
  let countedAt = Number.NEGATIVE_INFINITY
  let sweptAt = Number.NEGATIVE_INFINITY
  const recount = async (now: number) => {
    const [row] = await db
      .select({ rows: count() })
      .from(siwxNonces)
      .where(isNull(siwxNonces.spentAt))
    outstanding = Number(row?.rows ?? 0)
    countedAt = now
  }
  const nonces: NonceStore = {
    issue: async (nonce, expiresAt) => {
      const now = clock()
      const full = outstanding !== undefined && outstanding >= maxOutstandingNonces
      if (
        now - sweptAt >= NONCE_SWEEP_INTERVAL_MS ||
        (full && now - countedAt >= NONCE_RECOUNT_INTERVAL_MS)
      ) {
        sweptAt = now
        // Unused nonces that expired go; spent ones stay, so a replay reads NONCE_REUSED.
        await db
          .delete(siwxNonces)
          .where(and(isNull(siwxNonces.spentAt), lte(siwxNonces.expiresAt, now)))
        await recount(now)
      } else if (outstanding === undefined) {
        await recount(now)
      }
      // Full: refuse the new one. Dropping an older one would break a sign-in in progress.
      if ((outstanding ?? 0) >= maxOutstandingNonces) throw new NonceLimitError('full')
      await db.insert(siwxNonces).values({ nonce, expiresAt })
      outstanding = (outstanding ?? 0) + 1
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
      if (spent.length > 0) {
        if (outstanding !== undefined) outstanding = Math.max(0, outstanding - 1)
        return 'accepted'
      }
      const [row] = await db
        .select({ spentAt: siwxNonces.spentAt })
        .from(siwxNonces)
        .where(eq(siwxNonces.nonce, nonce))
      return row && row.spentAt !== null ? 'reused' : 'unknown'
    },
  }

  const owner = async (accountKey: string, tokenHash: string, now: number) => {
    const [owned] = await db
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
          eq(siwxSessions.tokenHash, tokenHash),
          isNull(siwxSessions.revokedAt),
          gt(siwxSessions.expiresAt, now),
        ),
      )
    return owned
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
    owner,
    revoke: async ({ accountKey, tokenHash, chainId, all, now }) => {
      // Only a live session's token speaks for the account: one revoked or expired revokes nothing.
      const owned = await owner(accountKey, tokenHash, now)
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
