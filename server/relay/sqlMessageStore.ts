/**
 * The relay's message store on the server's database (PGlite or PostgreSQL): every new message
 * written before the publish is answered (the publishes of one event-loop turn in one INSERT;
 * a row the database refuses fails alone), acknowledgements written in small batches (and flushed
 * on shutdown), so an undelivered message survives a restart. One instance keeps a memory cache
 * for reads; instances sharing a database (with Redis) read it, since another instance may have
 * written what a subscriber here needs (decision 0305).
 * @module
 */
import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm'
import type { Database } from '../storage/openStorage.js'
import { relayAcks, relayMessages } from '../storage/schema.js'
import {
  createMemoryMessageStore,
  type ListedMessage,
  MAX_MESSAGES_PER_TOPIC,
  type MessageStore,
  type StoredMessage,
} from './messageStore.js'

/** Acknowledgements wait at most this long to be written together. */
const ACK_BATCH_MS = 50

/** Options of {@link createSqlMessageStore}. */
export interface SqlMessageStoreOptions {
  /**
   * Several instances share the database (scale-out): reads go to the database instead of this
   * instance's cache, and nothing is charged at start (each instance budgets what it accepted).
   */
  readonly shared?: boolean
}

type Row = typeof relayMessages.$inferSelect

const rowOf = (message: StoredMessage): Row => ({
  id: message.id,
  topic: message.topic,
  message: message.message,
  tag: message.tag ?? null,
  publishedAt: message.publishedAt,
  expiresAt: message.expiresAt,
  publisherKey: message.publisherKey,
  size: message.size,
})

const messageOf = (row: Row): StoredMessage => ({ ...row, tag: row.tag ?? undefined })

/**
 * Creates the SQL-backed store; unshared, it loads the unexpired messages (and their acks) into
 * its cache.
 * @param db - the server's database.
 * @param now - the current time, for what counts as expired.
 * @param options - whether instances share the database.
 * @returns the store.
 */
export async function createSqlMessageStore(
  db: Database,
  now: number,
  options: SqlMessageStoreOptions = {},
): Promise<MessageStore> {
  const shared = options.shared ?? false
  const memory = createMemoryMessageStore()
  const restored: StoredMessage[] = []
  if (!shared) {
    const rows = await db.select().from(relayMessages).where(gt(relayMessages.expiresAt, now))
    rows.sort((a, b) => a.publishedAt - b.publishedAt)
    for (const row of rows) {
      const message = messageOf(row)
      await memory.add(message)
      restored.push(message)
    }
    for (const ack of await acksOf(
      db,
      rows.map((row) => row.id),
    )) {
      await memory.ack(ack.messageId, ack.clientKey)
    }
  }

  let pendingMessages: {
    message: StoredMessage
    resolve: (fresh: boolean) => void
    reject: (error: unknown) => void
  }[] = []
  const insert = async (messages: readonly StoredMessage[]): Promise<Set<string>> => {
    const inserted = await db
      .insert(relayMessages)
      .values(messages.map(rowOf))
      .onConflictDoNothing()
      .returning({ id: relayMessages.id })
    return new Set(inserted.map((row) => row.id))
  }
  const writeMessages = async () => {
    const batch = pendingMessages
    pendingMessages = []
    try {
      const inserted = await insert(batch.map((entry) => entry.message))
      // The same message twice in one batch (a retry on a shared database) is new once.
      for (const entry of batch) entry.resolve(inserted.delete(entry.message.id))
      return
    } catch (error) {
      if (batch.length === 1) {
        failed(batch[0]!, error)
        return
      }
    }
    // One row the database refuses must not fail the others' publishes: each is written alone.
    await Promise.all(
      batch.map(async (entry) => {
        try {
          entry.resolve((await insert([entry.message])).has(entry.message.id))
        } catch (error) {
          failed(entry, error)
        }
      }),
    )
  }
  /** Not durable, so not kept: the publisher gets an error and may publish again. */
  const failed = (entry: (typeof pendingMessages)[number], error: unknown) => {
    memory.forget(entry.message.id)
    entry.reject(error)
  }
  const write = (message: StoredMessage) =>
    new Promise<boolean>((resolve, reject) => {
      // Group commit: the publishes of one turn of the event loop share one INSERT, and each is
      // answered once that INSERT committed.
      pendingMessages.push({ message, resolve, reject })
      if (pendingMessages.length === 1) setImmediate(() => void writeMessages())
    })

  let pendingAcks: { messageId: string; clientKey: string }[] = []
  let ackTimer: NodeJS.Timeout | undefined
  let writing: Promise<void> = Promise.resolve()
  const writeAcks = () => {
    ackTimer = undefined
    const batch = pendingAcks
    pendingAcks = []
    if (batch.length === 0) return writing
    writing = writing
      .then(() => db.insert(relayAcks).values(batch).onConflictDoNothing())
      .then(
        () => undefined,
        // An ack that cannot be written means a redelivery after a restart, which clients dedupe.
        () => undefined,
      )
    return writing
  }

  return {
    add: async (message) => {
      if (shared) return write(message)
      const fresh = await memory.add(message)
      if (!fresh) return false
      await write(message)
      return true
    },
    list: async (topic, at) => {
      if (!shared) return memory.list(topic, at)
      const rows = await db
        .select()
        .from(relayMessages)
        .where(and(eq(relayMessages.topic, topic), gt(relayMessages.expiresAt, at)))
        .orderBy(desc(relayMessages.publishedAt), asc(relayMessages.id))
        .limit(MAX_MESSAGES_PER_TOPIC)
      const acked = new Map<string, Set<string>>()
      for (const ack of await acksOf(
        db,
        rows.map((row) => row.id),
      )) {
        const set = acked.get(ack.messageId) ?? new Set<string>()
        set.add(ack.clientKey)
        acked.set(ack.messageId, set)
      }
      return rows
        .reverse()
        .map(
          (row): ListedMessage => ({ ...messageOf(row), ackedBy: acked.get(row.id) ?? new Set() }),
        )
    },
    ack: async (messageId, clientKey) => {
      await memory.ack(messageId, clientKey)
      pendingAcks.push({ messageId, clientKey })
      ackTimer ??= setTimeout(writeAcks, ACK_BATCH_MS)
    },
    sweep: async (at) => {
      const dropped = await memory.sweep(at)
      if (shared || dropped.length > 0) {
        const expired = db
          .select({ id: relayMessages.id })
          .from(relayMessages)
          .where(lte(relayMessages.expiresAt, at))
        await db.delete(relayAcks).where(inArray(relayAcks.messageId, expired))
        await db.delete(relayMessages).where(lte(relayMessages.expiresAt, at))
      }
      return dropped
    },
    restore: async () => restored,
    flush: async () => {
      if (pendingMessages.length > 0) await writeMessages()
      if (ackTimer) clearTimeout(ackTimer)
      await writeAcks()
    },
    counts: (at) => (shared ? undefined : memory.counts(at)),
  }
}

async function acksOf(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return []
  return db
    .select()
    .from(relayAcks)
    .where(inArray(relayAcks.messageId, [...ids]))
}
