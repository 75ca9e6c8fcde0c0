/**
 * The wallet origin's rows: users, devices, one-time codes, the mail cooldown and sessions.
 * Every check-and-spend is one atomic statement, so two instances on one database never accept a
 * code twice or send two mails inside the cooldown.
 * @module
 */
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { type Database, rowsOf } from '../storage/openStorage.js'
import {
  embeddedDevices,
  embeddedOtps,
  embeddedSessions,
  embeddedShares,
  embeddedUsers,
} from '../storage/schema.js'
import { newId, type ServerKeys, tokenHash } from './secrets.js'

/** A user as the wallet origin answers it. */
export interface EmbeddedUserRow {
  readonly id: string
  readonly email: string | null
  readonly socialKey: string | null
}

/** What a live session names. */
export interface LiveSession {
  readonly userId: string
  readonly projectId: string
  readonly site: string
  readonly expiresAt: number
  /** The social provider it logged in with; null for an email code or a passkey. */
  readonly socialProvider: string | null
}

/** The outcome of checking a code. */
export type CodeCheck =
  | { readonly ok: true; readonly userId: string | null; readonly newEmail: string | null }
  | { readonly ok: false }

/**
 * The store.
 * @param db - the database.
 * @param keys - the server's keys (code hashes).
 */
export function createAccountsStore(db: Database, keys: ServerKeys) {
  return {
    userByEmail: async (email: string): Promise<EmbeddedUserRow | undefined> => {
      const [row] = await db.select().from(embeddedUsers).where(eq(embeddedUsers.email, email))
      return row
    },
    userById: async (id: string): Promise<EmbeddedUserRow | undefined> => {
      const [row] = await db.select().from(embeddedUsers).where(eq(embeddedUsers.id, id))
      return row
    },
    /** The user of an email, created when missing (two racing creations end with one). */
    ensureUserByEmail: async (email: string, now: number): Promise<EmbeddedUserRow> => {
      await db
        .insert(embeddedUsers)
        .values({ id: newId(), email, socialKey: null, createdAt: now })
        .onConflictDoNothing()
      const [row] = await db.select().from(embeddedUsers).where(eq(embeddedUsers.email, email))
      if (!row) throw new Error('user vanished after insert')
      return row
    },
    /** The user of a social identity; linked to a verified email's user when one exists. */
    ensureUserBySocial: async (
      socialKey: string,
      verifiedEmail: string | undefined,
      now: number,
    ): Promise<EmbeddedUserRow> => {
      const [existing] = await db
        .select()
        .from(embeddedUsers)
        .where(eq(embeddedUsers.socialKey, socialKey))
      if (existing) return existing
      if (verifiedEmail) {
        const updated = await db
          .update(embeddedUsers)
          .set({ socialKey })
          .where(and(eq(embeddedUsers.email, verifiedEmail), isNull(embeddedUsers.socialKey)))
          .returning()
        if (updated[0]) return updated[0]
      }
      await db
        .insert(embeddedUsers)
        .values({
          id: newId(),
          email: verifiedEmail && !(await emailTaken(db, verifiedEmail)) ? verifiedEmail : null,
          socialKey,
          createdAt: now,
        })
        .onConflictDoNothing()
      const [row] = await db
        .select()
        .from(embeddedUsers)
        .where(eq(embeddedUsers.socialKey, socialKey))
      if (!row) throw new Error('user vanished after insert')
      return row
    },
    setEmail: async (userId: string, email: string): Promise<boolean> => {
      const updated = await db
        .update(embeddedUsers)
        .set({ email })
        .where(eq(embeddedUsers.id, userId))
        .returning({ id: embeddedUsers.id })
        .catch(() => [])
      return updated.length === 1
    },
    /** Whether the device is approved for the user. */
    deviceApproved: async (userId: string, deviceHash: string): Promise<boolean> => {
      const [row] = await db
        .select({ approvedAt: embeddedDevices.approvedAt })
        .from(embeddedDevices)
        .where(and(eq(embeddedDevices.userId, userId), eq(embeddedDevices.deviceHash, deviceHash)))
      return row?.approvedAt != null
    },
    /** Records a pending approval (a new link replaces an older one). */
    requestDevice: async (
      userId: string,
      deviceHash: string,
      approvalToken: string,
      now: number,
    ): Promise<void> => {
      await db
        .insert(embeddedDevices)
        .values({
          userId,
          deviceHash,
          approvalHash: tokenHash(approvalToken),
          approvedAt: null,
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: [embeddedDevices.userId, embeddedDevices.deviceHash],
          set: { approvalHash: tokenHash(approvalToken) },
          where: isNull(embeddedDevices.approvedAt),
        })
    },
    /** Approves the device of a link; false for an unknown or used link. */
    approveDevice: async (approvalToken: string, now: number): Promise<boolean> => {
      const updated = await db
        .update(embeddedDevices)
        .set({ approvedAt: now, approvalHash: null })
        .where(
          and(
            eq(embeddedDevices.approvalHash, tokenHash(approvalToken)),
            isNull(embeddedDevices.approvedAt),
          ),
        )
        .returning({ userId: embeddedDevices.userId })
      return updated.length === 1
    },
    /** Marks a device approved (a code sent to the address proved it). */
    markDevice: async (userId: string, deviceHash: string, now: number): Promise<void> => {
      await db
        .insert(embeddedDevices)
        .values({ userId, deviceHash, approvalHash: null, approvedAt: now, createdAt: now })
        .onConflictDoUpdate({
          target: [embeddedDevices.userId, embeddedDevices.deviceHash],
          set: { approvedAt: now, approvalHash: null },
        })
    },
    /**
     * Claims the mail cooldown of an address: `0` when claimed, otherwise the milliseconds left.
     */
    claimCooldown: async (email: string, now: number, cooldownMs: number): Promise<number> => {
      const claimed = rowsOf<{ last_at: number }>(
        await db.execute(sql`
          INSERT INTO embedded_mail_cooldowns (email, last_at) VALUES (${email}, ${now})
          ON CONFLICT (email) DO UPDATE SET last_at = ${now}
          WHERE embedded_mail_cooldowns.last_at <= ${now - cooldownMs}
          RETURNING last_at`),
      )
      if (claimed.length === 1) return 0
      const [row] = rowsOf<{ last_at: number | string }>(
        await db.execute(sql`SELECT last_at FROM embedded_mail_cooldowns WHERE email = ${email}`),
      )
      return Math.max(1, Number(row?.last_at ?? now) + cooldownMs - now)
    },
    /** Stores a new code; older unused codes of the same address and purpose are void. */
    saveCode: async (row: {
      readonly email: string
      readonly purpose: 'login' | 'update-primary' | 'update-secondary'
      readonly code: string
      readonly userId?: string
      readonly newEmail?: string
      readonly deviceHash?: string
      readonly now: number
      readonly ttlMs: number
    }): Promise<void> => {
      const id = newId()
      await db.transaction(async (tx) => {
        await tx
          .update(embeddedOtps)
          .set({ usedAt: row.now })
          .where(
            and(
              eq(embeddedOtps.email, row.email),
              eq(embeddedOtps.purpose, row.purpose),
              isNull(embeddedOtps.usedAt),
            ),
          )
        await tx.insert(embeddedOtps).values({
          id,
          email: row.email,
          purpose: row.purpose,
          userId: row.userId ?? null,
          newEmail: row.newEmail ?? null,
          deviceHash: row.deviceHash ?? null,
          codeHash: keys.hashCode(row.code, id),
          attempts: 0,
          expiresAt: row.now + row.ttlMs,
          usedAt: null,
          createdAt: row.now,
        })
      })
    },
    /**
     * Checks a code against the address's live code of that purpose: each try spends one of its
     * attempts (atomically, before comparing), a match spends the code.
     */
    checkCode: async (parameters: {
      readonly email: string
      readonly purpose: 'login' | 'update-primary' | 'update-secondary'
      readonly code: string
      readonly now: number
      readonly maxAttempts: number
      readonly userId?: string
    }): Promise<CodeCheck> => {
      const { email, purpose, code, now, maxAttempts } = parameters
      const tried = await db
        .update(embeddedOtps)
        .set({ attempts: sql`${embeddedOtps.attempts} + 1` })
        .where(
          and(
            eq(embeddedOtps.email, email),
            eq(embeddedOtps.purpose, purpose),
            isNull(embeddedOtps.usedAt),
            gt(embeddedOtps.expiresAt, now),
            lt(embeddedOtps.attempts, maxAttempts),
            ...(parameters.userId ? [eq(embeddedOtps.userId, parameters.userId)] : []),
          ),
        )
        .returning()
      const row = tried[0]
      if (!row || !keys.codeMatches(code, row.id, row.codeHash)) return { ok: false }
      const spent = await db
        .update(embeddedOtps)
        .set({ usedAt: now })
        .where(and(eq(embeddedOtps.id, row.id), isNull(embeddedOtps.usedAt)))
        .returning({ id: embeddedOtps.id })
      if (spent.length !== 1) return { ok: false }
      return { ok: true, userId: row.userId, newEmail: row.newEmail }
    },
    /** The new address of the user's latest pending secondary code. */
    pendingSecondary: async (userId: string): Promise<string | undefined> => {
      const [row] = await db
        .select({ email: embeddedOtps.email })
        .from(embeddedOtps)
        .where(
          and(
            eq(embeddedOtps.userId, userId),
            eq(embeddedOtps.purpose, 'update-secondary'),
            isNull(embeddedOtps.usedAt),
          ),
        )
        .orderBy(desc(embeddedOtps.createdAt))
        .limit(1)
      return row?.email
    },
    createSession: async (row: {
      readonly token: string
      readonly userId: string
      readonly projectId: string
      readonly site: string
      readonly now: number
      readonly ttlMs: number
      /** The provider of a social login; omitted for an email code or a passkey. */
      readonly socialProvider?: string
    }): Promise<number> => {
      const expiresAt = row.now + row.ttlMs
      await db.insert(embeddedSessions).values({
        tokenHash: tokenHash(row.token),
        userId: row.userId,
        projectId: row.projectId,
        site: row.site,
        createdAt: row.now,
        expiresAt,
        revokedAt: null,
        socialProvider: row.socialProvider ?? null,
      })
      return expiresAt
    },
    session: async (token: string, now: number): Promise<LiveSession | undefined> => {
      const [row] = await db
        .select()
        .from(embeddedSessions)
        .where(
          and(
            eq(embeddedSessions.tokenHash, tokenHash(token)),
            isNull(embeddedSessions.revokedAt),
            gt(embeddedSessions.expiresAt, now),
          ),
        )
      return row
    },
    revokeSession: async (token: string, now: number): Promise<void> => {
      await db
        .update(embeddedSessions)
        .set({ revokedAt: now })
        .where(eq(embeddedSessions.tokenHash, tokenHash(token)))
    },
    revokeSessionsOf: async (
      where: { readonly userId: string; readonly projectId: string; readonly site: string },
      now: number,
    ): Promise<void> => {
      await db
        .update(embeddedSessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(embeddedSessions.userId, where.userId),
            eq(embeddedSessions.projectId, where.projectId),
            eq(embeddedSessions.site, where.site),
            isNull(embeddedSessions.revokedAt),
          ),
        )
    },
    accountsOf: async (userId: string): Promise<Record<string, string> | undefined> => {
      const [row] = await db
        .select({ accounts: embeddedShares.accounts })
        .from(embeddedShares)
        .where(eq(embeddedShares.userId, userId))
      return row ? (JSON.parse(row.accounts) as Record<string, string>) : undefined
    },
  }
}

async function emailTaken(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: embeddedUsers.id })
    .from(embeddedUsers)
    .where(eq(embeddedUsers.email, email))
  return Boolean(row)
}

/** The store's type. */
export type AccountsStore = ReturnType<typeof createAccountsStore>
