/**
 * Scale-out over Redis: a pub/sub channel per topic carries each new message to the instances
 * that have subscribers for it. Redis holds nothing that matters: the messages are in the shared
 * database (decision 0305), so a Redis restart without persistence loses no message; instances
 * re-read the store for their subscribers once their bus is back.
 * @module
 */
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import * as z from 'zod'
import type { Logger } from '../log.js'
import type { RelayBus } from './createRelay.js'
import type { StoredMessage } from './messageStore.js'

const PREFIX = 'gw:relay:'
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

/** The Redis bus of one instance. */
export interface RedisRelayBackend {
  readonly bus: RelayBus
  /** Closes both connections. */
  close(): Promise<void>
}

/**
 * Connects to Redis (one connection for commands, one for pub/sub).
 * @param url - `redis://host:port`.
 * @param log - the logger.
 * @returns the bus.
 * @throws when Redis cannot be reached within 5 s.
 */
export async function connectRedisRelay(url: string, log: Logger): Promise<RedisRelayBackend> {
  // Bounded: a Redis that stops answering fails the announcement instead of holding it, and
  // nothing waits on an announcement but the log.
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
  let resync: () => void = () => undefined
  listener.on('message', (_channel: string, text: string) => {
    try {
      const parsed = envelopeSchema.safeParse(JSON.parse(text))
      if (!parsed.success || parsed.data.origin === origin) return
      handler({ ...parsed.data.message, tag: parsed.data.message.tag })
    } catch {
      // Not ours: another tool on the same channel prefix.
    }
  })
  // ioredis subscribes again by itself after a reconnect; what was announced while it was away
  // is read from the store.
  let lost = false
  listener.on('close', () => {
    lost = true
  })
  listener.on('ready', () => {
    if (!lost) return
    lost = false
    log.info('redis reconnected: re-reading stored messages for this instance’s subscribers')
    resync()
  })

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
    onResync: (next) => {
      resync = next
    },
  }

  return {
    bus,
    close: async () => {
      await Promise.allSettled([commands.quit(), listener.quit()])
    },
  }
}
