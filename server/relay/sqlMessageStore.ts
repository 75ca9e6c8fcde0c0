/**
 * The relay's message store on the server's database (PGlite or PostgreSQL): a memory cache for
 * reads, every new message written before the publish is answered (the publishes of one event-loop
 * turn in one INSERT), acknowledgements written in small batches (and flushed on shutdown), so an
 * undelivered message survives a restart.
 * @module
 */
import { and, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '../storage/openStorage.js'
import { relayAcks, relayMessages } from '../storage/schema.js'
import { createMemoryMessageStore, type MessageStore, type StoredMessage } from './messageStore.js'

/** Acknowledgements wait at most this long to be written together. */
const ACK_BATCH_MS = 50

/**
 * Creates the SQL-backed store and loads the unexpired messages (and their acks) into its cache.
 * @param db - the server's database.
 * @param now - the current time, for what counts as expired.
 * @returns the store.
 */
export async function createSqlMessageStore(db: Database, now: number): Promise<MessageStore> {
  const memory = createMemoryMessageStore()
  const rows = await db.select().from(relayMessages).where(sql`${relayMessages.expiresAt} > ${now}`)
  rows.sort((a, b) => a.publishedAt - b.publishedAt)
  const restored: StoredMessage[] = []
  for (const row of rows) {
    const message: StoredMessage = { ...row, tag: row.tag ?? undefined }
    await memory.add(message)
    restored.push(message)
  }
  if (rows.length > 0) {
    const acks = await db
      .select()
      .from(relayAcks)
      .where(
        inArray(
          relayAcks.messageId,
          rows.map((row) => row.id),
        ),
      )
    for (const ack of acks) await memory.ack(ack.messageId, ack.clientKey)
  }

  let pendingMessages: {
    message: StoredMessage
    resolve: () => void
    reject: (error: unknown) => void
  }[] = []
  const writeMessages = () => {
    const batch = pendingMessages
    pendingMessages = []
    db.insert(relayMessages)
      .values(
        batch.map(({ message }) => ({
          id: message.id,
          topic: message.topic,
          message: message.message,
          tag: message.tag ?? null,
          publishedAt: message.publishedAt,
          expiresAt: message.expiresAt,
          publisherKey: message.publisherKey,
          size: message.size,
        })),
      )
      .onConflictDoNothing()
      .then(
        () => {
          for (const entry of batch) entry.resolve()
        },
        (error: unknown) => {
          // Not durable, so not kept: the publisher gets an error and may publish again.
          for (const entry of batch) {
            memory.forget(entry.message.id)
            entry.reject(error)
          }
        },
      )
  }
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
      const fresh = await memory.add(message)
      if (!fresh) return false
      // Group commit: the publishes of one turn of the event loop share one INSERT, and each is
      // answered once that INSERT committed.
      await new Promise<void>((resolve, reject) => {
        pendingMessages.push({ message, resolve, reject })
        if (pendingMessages.length === 1) setImmediate(writeMessages)
      })
      return true
    },
    list: (topic, at) => memory.list(topic, at),
    ack: async (messageId, clientKey) => {
      await memory.ack(messageId, clientKey)
      pendingAcks.push({ messageId, clientKey })
      ackTimer ??= setTimeout(writeAcks, ACK_BATCH_MS)
    },
    sweep: async (at) => {
      const dropped = await memory.sweep(at)
      if (dropped.length > 0) {
        const ids = dropped.map((message) => message.id)
        await db.delete(relayAcks).where(inArray(relayAcks.messageId, ids))
        await db.delete(relayMessages).where(and(lte(relayMessages.expiresAt, at)))
      }
      return dropped
    },
    restore: async () => restored,
    flush: async () => {
      if (pendingMessages.length > 0) writeMessages()
      if (ackTimer) clearTimeout(ackTimer)
      await writeAcks()
    },
    counts: (at) => memory.counts(at),
  }
}
