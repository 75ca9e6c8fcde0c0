/**
 * Scale-out over Redis: stored messages are keys with a TTL (each message its own key, a sorted
 * set per topic as the index), acknowledgements are sets with the same TTL, and a pub/sub channel
 * per topic carries each new message to the instances that have subscribers for it.
 * @module
 */
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import * as z from 'zod'
import type { Logger } from '../log.js'
import type { RelayBus } from './createRelay.js'
import type { ListedMessage, MessageStore, StoredMessage } from './messageStore.js'

const PREFIX = 'gw:relay:'
const messageKey = (id: string) => `${PREFIX}m:${id}`
const topicKey = (topic: string) => `${PREFIX}t:${topic}`
const ackKey = (id: string) => `${PREFIX}a:${id}`
const channelOf = (topic: string) => `${PREFIX}p:${topic}`

const storedSchema = z.object({
  id: z.string(),
  topic: z.string(),
  message: z.string(),
  tag: z.number().optional(),
  publishedAt: z.number(),
  expiresAt: z.number(),
  publisherKey: z.string(),
  size: z.number(),
})
const envelopeSchema = z.object({ origin: z.string(), message: storedSchema })

/** The Redis store and bus of one instance. */
export interface RedisRelayBackend {
  readonly store: MessageStore
  readonly bus: RelayBus
  /** Closes both connections. */
  close(): Promise<void>
}

const fromJson = (text: string | null): StoredMessage | undefined => {
  if (text === null) return undefined
  try {
    const parsed = storedSchema.safeParse(JSON.parse(text))
    return parsed.success ? { ...parsed.data, tag: parsed.data.tag } : undefined
  } catch {
    return undefined
  }
}

/**
 * Connects to Redis (one connection for commands, one for pub/sub).
 * @param url - `redis://host:port`.
 * @param log - the logger.
 * @returns the store and bus.
 * @throws when Redis cannot be reached within 5 s.
 */
export async function connectRedisRelay(url: string, log: Logger): Promise<RedisRelayBackend> {
  // Bounded: a Redis that stops answering fails the publish instead of holding it.
  const options = {
    lazyConnect: true,
    maxRetriesPerRequest: 3,
    connectTimeout: 5_000,
    commandTimeout: 5_000,
  }
  const commands = new Redis(url, options)
  const listener = new Redis(url, options)
  for (const connection of [commands, listener]) {
    connection.on('error', (error: Error) => log.warn('redis connection error', { error }))
  }
  await Promise.all([commands.connect(), listener.connect()])
  const origin = randomUUID()
  let handler: (message: StoredMessage) => void = () => undefined
  listener.on('message', (_channel: string, text: string) => {
    try {
      const parsed = envelopeSchema.safeParse(JSON.parse(text))
      if (!parsed.success || parsed.data.origin === origin) return
      handler({ ...parsed.data.message, tag: parsed.data.message.tag })
    } catch {
      // Not ours: another tool on the same channel prefix.
    }
  })

  const store: MessageStore = {
    add: async (message) => {
      const ttl = Math.max(1, message.expiresAt - Date.now())
      const set = await commands.set(
        messageKey(message.id),
        JSON.stringify(message),
        'PX',
        ttl,
        'NX',
      )
      if (set === null) return false
      await commands
        .multi()
        .zadd(topicKey(message.topic), message.expiresAt, message.id)
        .pexpireat(topicKey(message.topic), message.expiresAt, 'GT')
        .exec()
      // A new topic key has no expiry yet, and GT never sets one there.
      await commands.pexpireat(topicKey(message.topic), message.expiresAt, 'NX')
      return true
    },
    list: async (topic, now) => {
      await commands.zremrangebyscore(topicKey(topic), '-inf', now)
      const ids = await commands.zrange(topicKey(topic), 0, -1)
      if (ids.length === 0) return []
      const texts = await commands.mget(ids.map(messageKey))
      const pipeline = commands.pipeline()
      for (const id of ids) pipeline.smembers(ackKey(id))
      const acks = (await pipeline.exec()) ?? []
      const listed: ListedMessage[] = []
      ids.forEach((_id, index) => {
        const message = fromJson(texts[index] ?? null)
        if (!message || message.expiresAt <= now) return
        const members = acks[index]?.[1]
        listed.push({ ...message, ackedBy: new Set(Array.isArray(members) ? members : []) })
      })
      return listed.sort((a, b) => a.publishedAt - b.publishedAt)
    },
    ack: async (messageId, clientKey) => {
      const ttl = await commands.pttl(messageKey(messageId))
      if (ttl <= 0) return
      await commands
        .multi()
        .sadd(ackKey(messageId), clientKey)
        .pexpire(ackKey(messageId), ttl)
        .exec()
    },
    // Redis expires the keys itself.
    sweep: async () => [],
    restore: async () => [],
    flush: async () => undefined,
    counts: () => undefined,
  }

  const bus: RelayBus = {
    subscribe: async (topic) => {
      await listener.subscribe(channelOf(topic))
    },
    unsubscribe: async (topic) => {
      await listener.unsubscribe(channelOf(topic))
    },
    publish: async (message) => {
      await commands.publish(channelOf(message.topic), JSON.stringify({ origin, message }))
    },
    onMessage: (next) => {
      handler = next
    },
  }

  return {
    store,
    bus,
    close: async () => {
      await Promise.allSettled([commands.quit(), listener.quit()])
    },
  }
}
