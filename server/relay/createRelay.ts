/**
 * The WalletConnect v2 relay: the JSON-RPC over WebSocket that `@walletconnect/core` speaks,
 * with verified client identities, budgets, messages kept in a store for their ttl (across a
 * restart with the SQL store, across instances with Redis), and `irn_fetchMessages` beside the
 * batch form. Attach it to any Node HTTP server's `upgrade` event.
 * @module
 */
import { createHash, randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { type RawData, WebSocket, WebSocketServer } from 'ws'
import type { RelayLimits } from '../config.js'
import type { Logger } from '../log.js'
import { createSourceOf, type SourceOf } from '../source.js'
import { createBudgets, type TokenBucket } from './budgets.js'
import { normalizeAudience, verifyRelayJwt } from './jwt.js'
import { type MessageStore, messageIdOf, type StoredMessage } from './messageStore.js'
import { createMethods, type Handled } from './methods.js'
import { RPC_ERRORS, RpcError, requestSchema, responseSchema } from './protocol.js'
import { rawDataToText, rawIdOf, unquote } from './rpcText.js'

/** Messages between instances (Redis pub/sub); absent for a single instance. */
export interface RelayBus {
  /** Starts receiving a topic's messages published on other instances. */
  subscribe(topic: string): Promise<void>
  unsubscribe(topic: string): Promise<void>
  /** Tells the other instances about a stored message. */
  publish(message: StoredMessage): Promise<void>
  /** Where messages from other instances arrive. */
  onMessage(handler: (message: StoredMessage) => void): void
  /**
   * Called when the bus reconnected after a loss: what other instances published meanwhile is in
   * the store but was never announced here.
   */
  onResync(handler: () => void): void
}

/** Options of {@link createRelay}. */
export interface RelayOptions {
  readonly limits: RelayLimits
  readonly store: MessageStore
  readonly bus?: RelayBus
  readonly log: Logger
  /**
   * The URLs this relay is reached at; a client's JWT must name one as its audience. Read at
   * each handshake (a server knows its port only once it listens).
   */
  readonly audiences: () => readonly string[]
  /** Tells a request's network source (default: its socket's address). */
  readonly sourceOf?: SourceOf
  /** The clock (ms). */
  readonly now?: () => number
}

/** A running relay. */
export interface Relay {
  /** Handles an HTTP upgrade request (`server.on('upgrade', relay.handleUpgrade)`). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void
  /** Counts: open sockets, stored topics and messages, stored bytes. */
  stats(): { sockets: number; topics: number; messages: number; storedBytes: number }
  /** Closes every socket (1001), then waits for pending writes. Idempotent. */
  close(): Promise<void>
}

/** One connected socket. */
export interface RelayClient {
  readonly socketId: string
  /** The verified did:key, or `anon:<socketId>` where anonymous sockets are allowed. */
  readonly key: string
  /** The network source it connected from (`source.ts`). */
  readonly source: string
  readonly socket: WebSocket
  readonly topics: Set<string>
  /** Message ids sent on this socket, so it gets each once. */
  readonly sent: Set<string>
  readonly bucket: TokenBucket
  /** Frames are handled one after another, in order. */
  queue: Promise<void>
  alive: boolean
}

const CLOSE_GRACE_MS = 500
const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
}

/**
 * Creates a relay.
 * @param options - limits, store, bus, logger and clock.
 * @returns the relay, with its stored messages restored.
 */
export async function createRelay(options: RelayOptions): Promise<Relay> {
  const { limits, store, bus, log } = options
  const now = options.now ?? Date.now
  const sourceOf = options.sourceOf ?? createSourceOf([])
  const budgets = createBudgets(limits, now)
  const server = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes + 4_096 })
  const clients = new Set<RelayClient>()
  const subscribers = new Map<string, Set<RelayClient>>()
  /** Stored bytes this instance charged, released when each message expires. */
  const charged = new Map<
    string,
    { key: string; source: string | undefined; size: number; expiresAt: number }
  >()
  const pendingAcks = new Map<string, { messageId: string; client: RelayClient }>()
  let nextOutgoingId = now() * 1000
  let closing: Promise<void> | undefined

  for (const message of await store.restore(now())) {
    budgets.chargeStored(message.publisherKey, message.size)
    charged.set(message.id, {
      key: message.publisherKey,
      source: undefined,
      size: message.size,
      expiresAt: message.expiresAt,
    })
  }

  const send = (client: RelayClient, text: string) => {
    if (client.socket.readyState === WebSocket.OPEN) client.socket.send(text)
  }

  const subscriptionId = (topic: string, client: RelayClient) =>
    createHash('sha256').update(topic).update(client.key).digest('hex')

  const deliver = (message: StoredMessage, client: RelayClient, ackedBy?: ReadonlySet<string>) => {
    if (client.key === message.publisherKey || ackedBy?.has(client.key)) return
    if (client.sent.has(message.id) || client.socket.readyState !== WebSocket.OPEN) return
    client.sent.add(message.id)
    const id = String(nextOutgoingId++)
    pendingAcks.set(id, { messageId: message.id, client })
    const data: Record<string, unknown> = {
      topic: message.topic,
      message: message.message,
      publishedAt: message.publishedAt,
    }
    if (message.tag !== undefined) data.tag = message.tag
    const params = { id: subscriptionId(message.topic, client), data }
    send(
      client,
      `{"jsonrpc":"2.0","id":${id},"method":"irn_subscription","params":${JSON.stringify(params)}}`,
    )
  }

  const deliverLocally = (message: StoredMessage) => {
    for (const client of subscribers.get(message.topic) ?? []) deliver(message, client)
  }
  bus?.onMessage(deliverLocally)
  bus?.onResync(() => {
    for (const topic of subscribers.keys()) {
      bus.subscribe(topic).catch((error: unknown) => log.warn('relay resync failed', { error }))
    }
    for (const client of clients) {
      core
        .deliverStored(client, [...client.topics])
        .catch((error: unknown) => log.warn('relay resync failed', { error }))
    }
  })

  const core = {
    limits,
    store,
    budgets,
    now,
    subscriptionId,
    async subscribe(client: RelayClient, topics: readonly string[]): Promise<string[]> {
      const fresh = topics.filter((topic) => !client.topics.has(topic))
      budgets.checkSubscribe(client.topics.size, client.key, client.source, new Set(fresh).size)
      for (const topic of fresh) {
        if (client.topics.has(topic)) continue
        client.topics.add(topic)
        budgets.subscribed(client.key, client.source, 1)
        let set = subscribers.get(topic)
        if (!set) {
          set = new Set()
          subscribers.set(topic, set)
          // Listening before reading the store: a message lands in one or the other (or both;
          // `sent` keeps it once). A bus that is down costs live deliveries from other instances
          // until its resync, never the subscription.
          await bus
            ?.subscribe(topic)
            .catch((error: unknown) => log.warn('relay bus subscribe failed', { error }))
        }
        set.add(client)
      }
      return topics.map((topic) => subscriptionId(topic, client))
    },
    async deliverStored(client: RelayClient, topics: readonly string[]): Promise<void> {
      for (const topic of topics) {
        for (const message of await store.list(topic, now())) {
          deliver(message, client, message.ackedBy)
        }
      }
    },
    unsubscribe(client: RelayClient, topic: string): void {
      if (!client.topics.delete(topic)) return
      budgets.subscribed(client.key, client.source, -1)
      const set = subscribers.get(topic)
      if (!set) return
      set.delete(client)
      if (set.size === 0) {
        subscribers.delete(topic)
        bus?.unsubscribe(topic).catch(() => undefined)
      }
    },
    async publish(
      client: RelayClient,
      topic: string,
      text: string,
      ttlSeconds: number,
      tag: number | undefined,
    ): Promise<void> {
      const at = now()
      const size = Buffer.byteLength(topic) + Buffer.byteLength(text)
      budgets.checkPublish(client.bucket, client.key, client.source, size, at)
      const message: StoredMessage = {
        id: messageIdOf(topic, text),
        topic,
        message: text,
        tag,
        publishedAt: at,
        expiresAt: at + Math.min(ttlSeconds, limits.maxTtlSeconds) * 1000,
        publisherKey: client.key,
        size,
      }
      const fresh = await store.add(message)
      // A retried publish is stored (and charged) once, but still delivered to whoever lacks it.
      budgets.chargePublish(client.bucket, client.key, client.source, fresh ? size : 0, at)
      if (fresh) {
        charged.set(message.id, {
          key: client.key,
          source: client.source,
          size,
          expiresAt: message.expiresAt,
        })
      }
      deliverLocally(message)
      // The store has it, which is what the answer promises; the bus only saves other instances'
      // subscribers a wait. A bus that is down is retried by its resync, never by the publisher.
      if (fresh) {
        bus
          ?.publish(message)
          .catch((error: unknown) => log.warn('relay bus publish failed', { error }))
      }
    },
  }
  const methods = createMethods(core)

  const replyText = (client: RelayClient, rawId: string, body: string) =>
    send(client, `{"jsonrpc":"2.0","id":${rawId},${body}}`)
  const replyError = (client: RelayClient, rawId: string, code: number, message: string) =>
    replyText(client, rawId, `"error":${JSON.stringify({ code, message })}`)

  async function onText(client: RelayClient, text: string): Promise<void> {
    let payload: unknown
    try {
      payload = JSON.parse(text)
    } catch {
      return replyError(client, 'null', RPC_ERRORS.parse, 'Parse error: the message is not JSON')
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      return replyError(
        client,
        'null',
        RPC_ERRORS.invalidRequest,
        'Invalid Request: expected a JSON-RPC object',
      )
    }
    if (!('method' in payload) && ('result' in payload || 'error' in payload)) {
      const rawId = responseSchema.safeParse(payload).success ? rawIdOf(text) : undefined
      const pending = rawId === undefined ? undefined : pendingAcks.get(unquote(rawId))
      if (rawId === undefined || pending?.client !== client) return
      pendingAcks.delete(unquote(rawId))
      await store.ack(pending.messageId, client.key)
      return
    }
    const request = requestSchema.safeParse(payload)
    const rawId = request.success ? rawIdOf(text) : undefined
    if (!request.success || rawId === undefined) {
      return replyError(
        client,
        'null',
        RPC_ERRORS.invalidRequest,
        'Invalid Request: expected id and method',
      )
    }
    let handled: Handled
    try {
      handled = await methods.handle(client, request.data.method, request.data.params)
    } catch (error) {
      if (error instanceof RpcError) return replyError(client, rawId, error.code, error.message)
      log.error('relay request failed', { method: request.data.method, error })
      return replyError(client, rawId, RPC_ERRORS.internal, 'Internal error')
    }
    replyText(client, rawId, `"result":${JSON.stringify(handled.result)}`)
    // The request was answered; what follows (delivering, the session publishes) can only be
    // logged if it fails, never answered twice.
    await handled
      .after?.()
      .catch((error: unknown) =>
        log.info('relay follow-up failed', { method: request.data.method, error }),
      )
  }

  const onClose = (client: RelayClient) => {
    if (!clients.delete(client)) return
    for (const topic of [...client.topics]) core.unsubscribe(client, topic)
    budgets.closeSocket(client.key, client.source)
    for (const [id, pending] of pendingAcks) if (pending.client === client) pendingAcks.delete(id)
  }

  const refuse = (socket: Duplex, status: number, reason: string) => {
    if (socket.destroyed) return
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nconnection: close\r\ncontent-type: text/plain\r\n\r\n${reason}`,
    )
    socket.destroy()
  }

  const accept = (key: string, source: string, socket: WebSocket) => {
    const client: RelayClient = {
      socketId: randomUUID(),
      key,
      source,
      socket,
      topics: new Set(),
      sent: new Set(),
      bucket: budgets.newSocketBucket(now()),
      queue: Promise.resolve(),
      alive: true,
    }
    clients.add(client)
    budgets.openSocket(key, source)
    socket.on('pong', () => {
      client.alive = true
    })
    socket.on('message', (data: RawData) => {
      const text = rawDataToText(data)
      // Never let one bad message take the relay down; frames of a socket stay in order.
      client.queue = client.queue.then(() => onText(client, text)).catch(() => undefined)
    })
    socket.on('error', () => socket.terminate())
    socket.on('close', () => onClose(client))
  }

  const sweeper = setInterval(() => {
    const at = now()
    for (const [id, entry] of charged) {
      if (entry.expiresAt > at) continue
      charged.delete(id)
      budgets.release(entry.key, entry.source, entry.size)
    }
    budgets.sweep(at)
    store.sweep(at).catch((error: unknown) => log.warn('relay sweep failed', { error }))
  }, 1_000)
  sweeper.unref()

  const pinger = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate()
        continue
      }
      client.alive = false
      try {
        client.socket.ping()
      } catch {
        client.socket.terminate()
      }
    }
  }, limits.pingIntervalMs)
  pinger.unref()

  let audienceList: readonly string[] | undefined
  let audiences = new Set<string>()
  /** The configured audiences in normal form, recomputed only when the list changes. */
  const audienceSet = () => {
    const list = options.audiences()
    if (list !== audienceList) {
      audienceList = list
      audiences = new Set(
        list.map(normalizeAudience).filter((entry): entry is string => entry !== undefined),
      )
    }
    return audiences
  }

  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (closing) return refuse(socket, 503, 'relay closing')
    const target = parseTarget(request.url)
    if (!target) return refuse(socket, 400, 'Bad request target')
    const source = sourceOf(request)
    const auth = target.searchParams.get('auth')
    let key: string
    if (auth) {
      const checked = verifyRelayJwt(auth, now(), audienceSet())
      if (!checked.ok) {
        // The target carries the token: the logger redacts it (log.ts).
        log.info('relay refused a socket', { reason: checked.reason, target: request.url, source })
        return refuse(socket, 401, `Invalid auth: ${checked.reason}`)
      }
      key = checked.clientId
    } else if (limits.allowAnonymous) {
      key = `anon:${randomUUID()}`
    } else {
      return refuse(socket, 401, 'Missing auth: send the client JWT as ?auth=')
    }
    const refusal = budgets.admitSocket(key, source)
    if (refusal) {
      // Debug: a flood of refused sockets must not become a flood of log lines.
      log.debug('relay refused a socket', { reason: refusal, source })
      return refuse(socket, 429, refusal)
    }
    server.handleUpgrade(request, socket, head, (ws) => accept(key, source, ws))
  }

  return {
    handleUpgrade(request, socket, head) {
      // Node removes its own error listener from an upgraded socket: a reset arriving before ws
      // takes over would otherwise be an uncaught 'error' that ends the process.
      socket.on('error', () => socket.destroy())
      // Anyone can send anything here; nothing may throw out of this listener (issue 19).
      try {
        upgrade(request, socket, head)
      } catch (error) {
        log.warn('relay upgrade failed', { error })
        refuse(socket, 400, 'Bad request')
      }
    },
    stats() {
      const counts = store.counts(now())
      const topics = counts?.topics ?? subscribers.size
      return {
        sockets: clients.size,
        topics,
        messages: counts?.messages ?? charged.size,
        storedBytes: budgets.totals().storedBytes,
      }
    },
    close() {
      closing ??= (async () => {
        clearInterval(pinger)
        clearInterval(sweeper)
        await Promise.all([...clients].map((client) => closeSocket(client.socket)))
        await Promise.all([...clients].map((client) => client.queue))
        await store.flush()
        server.close()
      })()
      return closing
    },
  }
}

/** The request target as a URL, or `undefined` when it does not parse (`http://a:99999/`, `//`). */
function parseTarget(url: string | undefined): URL | undefined {
  try {
    return new URL(url ?? '/', 'http://relay.local')
  } catch {
    return undefined
  }
}

function closeSocket(socket: WebSocket): Promise<void> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS)
    socket.once('close', () => {
      clearTimeout(timer)
      resolve()
    })
    socket.close(1001, 'relay closing')
  })
}
