/**
 * Where the relay keeps messages for their ttl: the port, and the in-memory implementation (tests
 * and `startRelay`). The SQL store (one instance, kept across restarts) and the Redis store
 * (several instances) implement the same port.
 * @module
 */
import { createHash } from 'node:crypto'

/** A message kept for later subscribers. */
export interface StoredMessage {
  /** Derived from topic and text, so a client's retry of the same publish is stored once. */
  readonly id: string
  readonly topic: string
  readonly message: string
  readonly tag: number | undefined
  readonly publishedAt: number
  readonly expiresAt: number
  /** The publishing client's identity: never delivered back to it. */
  readonly publisherKey: string
  /** Bytes it takes (topic plus text), for the stored-bytes budgets. */
  readonly size: number
}

/** A stored message with the identities that acknowledged (or fetched) it. */
export interface ListedMessage extends StoredMessage {
  readonly ackedBy: ReadonlySet<string>
}

/** The relay's storage port. */
export interface MessageStore {
  /** Keeps a message; resolves once it is durable. `false` when it was already there. */
  add(message: StoredMessage): Promise<boolean>
  /** The topic's unexpired messages, oldest first. */
  list(topic: string, now: number): Promise<ListedMessage[]>
  /** Records that a client identity has the message. */
  ack(messageId: string, clientKey: string): Promise<void>
  /** Drops expired messages; resolves with what was dropped (for the budgets). */
  sweep(now: number): Promise<StoredMessage[]>
  /** Messages this instance accounts for at start (kept across a restart). */
  restore(now: number): Promise<StoredMessage[]>
  /** Waits for pending writes (acks), e.g. before shutdown. */
  flush(): Promise<void>
  /** Unexpired topics and messages held, for stats; `undefined` when it cannot tell cheaply. */
  counts(now: number): { topics: number; messages: number } | undefined
}

/**
 * A message id: the same topic and text give the same id, on every instance.
 * @param topic - the topic.
 * @param message - the text.
 * @returns 32 hex characters.
 */
export function messageIdOf(topic: string, message: string): string {
  return createHash('sha256').update(topic).update('\n').update(message).digest('hex').slice(0, 32)
}

interface Entry extends StoredMessage {
  readonly ackedBy: Set<string>
}

/** Most messages kept per topic; older ones go first (a topic is a conversation, not a log). */
export const MAX_MESSAGES_PER_TOPIC = 1_000

/**
 * An in-memory message store: lost on restart. The SQL store wraps it as its cache.
 * @returns the store.
 */
export function createMemoryMessageStore(): MessageStore & {
  /** Drops a message (one whose durable write failed, so a retry stores it again). */
  forget(id: string): void
} {
  const topics = new Map<string, Entry[]>()
  const byId = new Map<string, Entry>()
  const live = (topic: string, now: number): Entry[] => {
    const messages = topics.get(topic)
    if (!messages) return []
    const kept = messages.filter((entry) => entry.expiresAt > now)
    if (kept.length !== messages.length) {
      for (const entry of messages) if (entry.expiresAt <= now) byId.delete(entry.id)
      if (kept.length === 0) topics.delete(topic)
      else topics.set(topic, kept)
    }
    return kept
  }
  return {
    add: async (message) => {
      if (byId.has(message.id)) return false
      const entry: Entry = { ...message, ackedBy: new Set() }
      const list = topics.get(message.topic) ?? []
      list.push(entry)
      if (list.length > MAX_MESSAGES_PER_TOPIC) {
        for (const dropped of list.splice(0, list.length - MAX_MESSAGES_PER_TOPIC)) {
          byId.delete(dropped.id)
        }
      }
      topics.set(message.topic, list)
      byId.set(message.id, entry)
      return true
    },
    list: async (topic, now) => live(topic, now),
    ack: async (messageId, clientKey) => {
      byId.get(messageId)?.ackedBy.add(clientKey)
    },
    sweep: async (now) => {
      const dropped: StoredMessage[] = []
      for (const [topic, messages] of topics) {
        for (const entry of messages) if (entry.expiresAt <= now) dropped.push(entry)
        live(topic, now)
      }
      return dropped
    },
    forget: (id) => {
      const entry = byId.get(id)
      if (!entry) return
      byId.delete(id)
      const rest = (topics.get(entry.topic) ?? []).filter((candidate) => candidate.id !== id)
      if (rest.length === 0) topics.delete(entry.topic)
      else topics.set(entry.topic, rest)
    },
    restore: async () => [],
    flush: async () => undefined,
    counts: (now) => {
      let messages = 0
      for (const topic of [...topics.keys()]) messages += live(topic, now).length
      return { topics: topics.size, messages }
    },
  }
}
