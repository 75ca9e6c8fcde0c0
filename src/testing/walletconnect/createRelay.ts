/**
 * A local WalletConnect v2 relay for tests, demos and integrators: the JSON-RPC over WebSocket
 * that `@walletconnect/core` speaks to `relay.walletconnect.org`, kept in memory. Node only.
 * @module
 */
import { createHash, randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { type RawData, WebSocket, WebSocketServer } from 'ws'
import * as z from 'zod/mini'

/**
 * A running local relay, returned by {@link startRelay}.
 * @example
 * import SignClient from '@walletconnect/sign-client'
 * import { startRelay } from 'gangway/testing/node'
 * const relay = await startRelay()
 * const dapp = await SignClient.init({ projectId: 'local', relayUrl: relay.url, customStoragePrefix: 'dapp' })
 * await relay.close()
 */
export interface LocalRelay {
  /** The WebSocket URL clients pass as `relayUrl`, e.g. `ws://127.0.0.1:54321`. */
  readonly url: string
  /** The port the relay listens on. */
  readonly port: number
  /** Closes every client socket and the server; resolves once both are closed. Idempotent. */
  close(): Promise<void>
  /**
   * Counts for tests: open sockets, topics with stored unexpired messages, and those messages.
   * Expired messages are dropped before counting.
   */
  stats(): { sockets: number; topics: number; messages: number }
}

/**
 * Options for {@link startRelay}; every field has a default.
 * @example
 * import { startRelay, type StartRelayOptions } from 'gangway/testing/node'
 * const options: StartRelayOptions = { port: 5555, pingIntervalMs: 5_000 }
 * const relay = await startRelay(options)
 */
export interface StartRelayOptions {
  /** The port to listen on (default 0: a free port picked by the operating system). */
  readonly port?: number
  /** The interface to listen on (default `127.0.0.1`). */
  readonly host?: string
  /**
   * Milliseconds between WebSocket pings (default 20 000). Node clients drop a socket after 35 s
   * without one; a socket that has not answered the previous ping is terminated.
   */
  readonly pingIntervalMs?: number
}

const DEFAULT_PING_INTERVAL_MS = 20_000
const MAX_MESSAGES_PER_TOPIC = 1_000
const MAX_TOPICS = 10_000
const MAX_TTL_SECONDS = 30 * 24 * 60 * 60
const DEFAULT_CUSTOM_TTL_SECONDS = 300
const MAX_PAYLOAD_BYTES = 4 * 1024 * 1024
const CLOSE_GRACE_MS = 500
const MAX_BATCH_TOPICS = 500

/** The tags the relay attaches when a `wc_*Session` call gives none (as in sign-client's constants). */
const TAG_SESSION_PROPOSE = 1100
const TAG_SESSION_PROPOSE_RESPONSE = 1101
const TAG_SESSION_SETTLE = 1102

const PARSE_ERROR = -32700
const INVALID_REQUEST = -32600
const METHOD_NOT_FOUND = -32601
const INVALID_PARAMS = -32602

const topicSchema = z.string().check(z.minLength(1), z.maxLength(256))
const messageSchema = z.string().check(z.minLength(1))
const ttlSchema = z.number().check(z.positive())
const tagSchema = z.optional(z.number())

const publishParamsSchema = z.object({
  topic: topicSchema,
  message: messageSchema,
  ttl: ttlSchema,
  tag: tagSchema,
  prompt: z.optional(z.boolean()),
  // Accepted and dropped: offline, a wallet given a non-empty attestation can wait forever.
  attestation: z.optional(z.string()),
})

const paramsSchemas = {
  irn_subscribe: z.object({ topic: topicSchema }),
  irn_batchSubscribe: z.object({
    topics: z.array(topicSchema).check(z.minLength(1), z.maxLength(MAX_BATCH_TOPICS)),
  }),
  irn_unsubscribe: z.object({ topic: topicSchema, id: z.optional(z.string()) }),
  irn_batchUnsubscribe: z.object({
    subscriptions: z
      .array(z.object({ topic: topicSchema, id: z.optional(z.string()) }))
      .check(z.maxLength(MAX_BATCH_TOPICS)),
  }),
  irn_publish: publishParamsSchema,
  irn_batchPublish: z.object({
    messages: z.array(publishParamsSchema).check(z.maxLength(MAX_BATCH_TOPICS)),
  }),
  irn_batchFetchMessages: z.object({
    topics: z.array(topicSchema).check(z.maxLength(MAX_BATCH_TOPICS)),
  }),
  wc_proposeSession: z.object({
    pairingTopic: topicSchema,
    sessionProposal: messageSchema,
    ttl: z.optional(ttlSchema),
    tag: tagSchema,
  }),
  wc_approveSession: z.object({
    sessionTopic: topicSchema,
    pairingTopic: topicSchema,
    sessionProposalResponse: messageSchema,
    sessionSettlementRequest: messageSchema,
    ttl: z.optional(ttlSchema),
    tag: tagSchema,
  }),
} as const

type Method = keyof typeof paramsSchemas

const idSchema = z.union([z.string(), z.number()])
const requestSchema = z.object({
  jsonrpc: z.optional(z.literal('2.0')),
  id: idSchema,
  method: z.string(),
  params: z.optional(z.unknown()),
})
const responseSchema = z.object({ id: idSchema })
const jwtPayloadSchema = z.object({ iss: z.string().check(z.minLength(1), z.maxLength(200)) })

interface Client {
  /** Unique per socket. */
  readonly socketId: string
  /** The client's identity across reconnects: the `iss` of its auth JWT, else the socket id. */
  readonly key: string
  readonly socket: WebSocket
  readonly topics: Set<string>
  alive: boolean
}

interface StoredMessage {
  readonly topic: string
  readonly message: string
  readonly tag: number | undefined
  readonly publishedAt: number
  readonly expiresAt: number
  readonly publisherKey: string
  /** Client keys that acknowledged (or fetched) it: never delivered to them again. */
  readonly ackedBy: Set<string>
  /** Sockets it was sent to, so one socket gets it once. */
  readonly sentTo: Set<string>
}

interface PendingAck {
  readonly stored: StoredMessage
  readonly client: Client
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Starts a WalletConnect v2 relay on a loopback port, for `@walletconnect/sign-client` (2.25)
 * and wallets built on it, fully offline. It speaks `irn_subscribe`, `irn_batchSubscribe`,
 * `irn_unsubscribe`, `irn_batchUnsubscribe`, `irn_publish`, `irn_batchPublish`,
 * `irn_batchFetchMessages`, `wc_proposeSession` and `wc_approveSession`; delivers messages with
 * `irn_subscription` to every other subscriber of a topic, never back to the publisher; keeps
 * them for their ttl for later subscribers; and never forwards Verify attestations. The `auth`
 * JWT is not verified and no projectId is needed.
 * @example
 * import SignClient from '@walletconnect/sign-client'
 * import { startRelay } from 'gangway/testing/node'
 * const relay = await startRelay()
 * const wallet = await SignClient.init({
 *   projectId: 'gangway-local',
 *   relayUrl: relay.url,
 *   customStoragePrefix: 'wallet',
 *   telemetryEnabled: false,
 *   metadata: { name: 'Wallet', description: 'Test wallet', url: 'http://localhost', icons: [] },
 * })
 * // ...pair, approve, respond...
 * await wallet.core.relayer.transportClose()
 * await relay.close()
 * @param options - the port, interface and ping interval; see {@link StartRelayOptions}.
 * @returns the running relay, once it listens.
 * @throws when the port cannot be listened on (for example `EADDRINUSE`).
 */
export async function startRelay(options: StartRelayOptions = {}): Promise<LocalRelay> {
  const host = options.host ?? '127.0.0.1'
  const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS
  const server = new WebSocketServer({
    host,
    port: options.port ?? 0,
    maxPayload: MAX_PAYLOAD_BYTES,
  })
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  server.on('error', () => {})

  const address = server.address()
  if (address === null || typeof address === 'string') {
    server.close()
    throw new Error('The relay did not get a TCP port')
  }
  const port = address.port
  const url = `ws://${host.includes(':') ? `[${host}]` : host}:${port}`

  const clients = new Set<Client>()
  const subscribers = new Map<string, Set<Client>>()
  const store = new Map<string, StoredMessage[]>()
  const pendingAcks = new Map<string, PendingAck>()
  let nextOutgoingId = Date.now() * 1000

  function send(client: Client, text: string): void {
    if (client.socket.readyState === WebSocket.OPEN) client.socket.send(text)
  }

  function reply(client: Client, rawId: string, result: unknown): void {
    send(client, `{"jsonrpc":"2.0","id":${rawId},"result":${JSON.stringify(result)}}`)
  }

  function replyError(client: Client, rawId: string, code: number, message: string): void {
    send(client, `{"jsonrpc":"2.0","id":${rawId},"error":${JSON.stringify({ code, message })}}`)
  }

  function subscriptionId(topic: string, client: Client): string {
    return createHash('sha256')
      .update(topic + client.key)
      .digest('hex')
  }

  /** The topic's unexpired messages, dropping expired ones (and the topic when none is left). */
  function live(topic: string, now = Date.now()): StoredMessage[] {
    const messages = store.get(topic)
    if (messages === undefined) return []
    const kept = messages.filter((stored) => stored.expiresAt > now)
    if (kept.length === 0) store.delete(topic)
    else if (kept.length !== messages.length) store.set(topic, kept)
    return kept
  }

  function sweep(): void {
    const now = Date.now()
    for (const topic of [...store.keys()]) live(topic, now)
  }

  function deliver(stored: StoredMessage, client: Client): void {
    if (client.key === stored.publisherKey) return
    if (stored.ackedBy.has(client.key) || stored.sentTo.has(client.socketId)) return
    if (client.socket.readyState !== WebSocket.OPEN) return
    stored.sentTo.add(client.socketId)
    const id = String(nextOutgoingId++)
    pendingAcks.set(id, { stored, client })
    const data: Record<string, unknown> = {
      topic: stored.topic,
      message: stored.message,
      publishedAt: stored.publishedAt,
    }
    if (stored.tag !== undefined) data.tag = stored.tag
    const params = { id: subscriptionId(stored.topic, client), data }
    send(
      client,
      `{"jsonrpc":"2.0","id":${id},"method":"irn_subscription","params":${JSON.stringify(params)}}`,
    )
  }

  function subscribe(client: Client, topic: string): string {
    client.topics.add(topic)
    let set = subscribers.get(topic)
    if (set === undefined) {
      set = new Set()
      subscribers.set(topic, set)
    }
    set.add(client)
    return subscriptionId(topic, client)
  }

  function deliverStored(client: Client, topics: Iterable<string>): void {
    for (const topic of topics) {
      for (const stored of live(topic)) deliver(stored, client)
    }
  }

  function unsubscribe(client: Client, topic: string): void {
    client.topics.delete(topic)
    const set = subscribers.get(topic)
    if (set === undefined) return
    set.delete(client)
    if (set.size === 0) subscribers.delete(topic)
  }

  function publish(
    publisher: Client,
    topic: string,
    message: string,
    ttlSeconds: number,
    tag: number | undefined,
  ): void {
    const now = Date.now()
    const messages = live(topic, now)
    let stored = messages.find((candidate) => candidate.message === message)
    if (stored === undefined) {
      if (messages.length === 0 && store.size >= MAX_TOPICS) {
        sweep()
        const oldest = store.keys().next()
        if (store.size >= MAX_TOPICS && oldest.done !== true) store.delete(oldest.value)
      }
      stored = {
        topic,
        message,
        tag,
        publishedAt: now,
        expiresAt: now + Math.min(ttlSeconds, MAX_TTL_SECONDS) * 1000,
        publisherKey: publisher.key,
        ackedBy: new Set(),
        sentTo: new Set(),
      }
      messages.push(stored)
      if (messages.length > MAX_MESSAGES_PER_TOPIC) {
        messages.splice(0, messages.length - MAX_MESSAGES_PER_TOPIC)
      }
      store.set(topic, messages)
    }
    for (const subscriber of subscribers.get(topic) ?? []) deliver(stored, subscriber)
  }

  function parseParams<M extends Method>(
    method: M,
    params: unknown,
  ): z.infer<(typeof paramsSchemas)[M]> {
    const parsed = paramsSchemas[method].safeParse(params)
    if (!parsed.success) {
      const details = parsed.error.issues
        .map((issue) => `${issue.path.map(String).join('.') || 'params'}: ${issue.message}`)
        .join('; ')
      throw new RpcError(INVALID_PARAMS, `Invalid params for ${method}: ${details}`)
    }
    return parsed.data as z.infer<(typeof paramsSchemas)[M]>
  }

  /** Runs one request; returns its result, or throws an {@link RpcError}. */
  function handle(
    client: Client,
    method: string,
    params: unknown,
  ): { result: unknown; after?: () => void } {
    switch (method) {
      case 'irn_subscribe': {
        const { topic } = parseParams(method, params)
        const id = subscribe(client, topic)
        return { result: id, after: () => deliverStored(client, [topic]) }
      }
      case 'irn_batchSubscribe': {
        const { topics } = parseParams(method, params)
        const ids = topics.map((topic) => subscribe(client, topic))
        return { result: ids, after: () => deliverStored(client, topics) }
      }
      case 'irn_unsubscribe': {
        const { topic } = parseParams(method, params)
        unsubscribe(client, topic)
        return { result: true }
      }
      case 'irn_batchUnsubscribe': {
        const { subscriptions } = parseParams(method, params)
        for (const { topic } of subscriptions) unsubscribe(client, topic)
        return { result: true }
      }
      case 'irn_publish': {
        const { topic, message, ttl, tag } = parseParams(method, params)
        publish(client, topic, message, ttl, tag)
        return { result: true }
      }
      case 'irn_batchPublish': {
        const { messages } = parseParams(method, params)
        for (const { topic, message, ttl, tag } of messages) {
          publish(client, topic, message, ttl, tag)
        }
        return { result: true }
      }
      case 'irn_batchFetchMessages': {
        const { topics } = parseParams(method, params)
        const messages = topics.flatMap((topic) =>
          live(topic)
            .filter(
              (stored) => stored.publisherKey !== client.key && !stored.ackedBy.has(client.key),
            )
            .map((stored) => {
              stored.ackedBy.add(client.key)
              return {
                topic: stored.topic,
                message: stored.message,
                publishedAt: stored.publishedAt,
                ...(stored.tag === undefined ? {} : { tag: stored.tag }),
              }
            }),
        )
        return { result: { messages, hasMore: false } }
      }
      case 'wc_proposeSession': {
        const { pairingTopic, sessionProposal, ttl, tag } = parseParams(method, params)
        subscribe(client, pairingTopic)
        return {
          result: true,
          after: () =>
            publish(
              client,
              pairingTopic,
              sessionProposal,
              ttl ?? DEFAULT_CUSTOM_TTL_SECONDS,
              tag ?? TAG_SESSION_PROPOSE,
            ),
        }
      }
      case 'wc_approveSession': {
        const p = parseParams(method, params)
        subscribe(client, p.sessionTopic)
        const ttl = p.ttl ?? DEFAULT_CUSTOM_TTL_SECONDS
        return {
          result: true,
          after: () => {
            publish(
              client,
              p.pairingTopic,
              p.sessionProposalResponse,
              ttl,
              TAG_SESSION_PROPOSE_RESPONSE,
            )
            publish(
              client,
              p.sessionTopic,
              p.sessionSettlementRequest,
              ttl,
              p.tag ?? TAG_SESSION_SETTLE,
            )
          },
        }
      }
      default:
        throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${method}`)
    }
  }

  function onText(client: Client, text: string): void {
    let payload: unknown
    try {
      payload = JSON.parse(text)
    } catch {
      replyError(client, 'null', PARSE_ERROR, 'Parse error: the message is not JSON')
      return
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      replyError(client, 'null', INVALID_REQUEST, 'Invalid Request: expected a JSON-RPC object')
      return
    }
    if (!('method' in payload) && ('result' in payload || 'error' in payload)) {
      const response = responseSchema.safeParse(payload)
      const rawId = response.success ? rawIdOf(text) : undefined
      if (rawId !== undefined) onResponse(client, unquote(rawId))
      return
    }
    const request = requestSchema.safeParse(payload)
    const rawId = request.success ? rawIdOf(text) : undefined
    if (!request.success || rawId === undefined) {
      replyError(client, 'null', INVALID_REQUEST, 'Invalid Request: expected id and method')
      return
    }
    try {
      const { result, after } = handle(client, request.data.method, request.data.params)
      reply(client, rawId, result)
      after?.()
    } catch (error) {
      if (error instanceof RpcError) replyError(client, rawId, error.code, error.message)
      else replyError(client, rawId, -32603, 'Internal error')
    }
  }

  function onResponse(client: Client, id: string): void {
    const pending = pendingAcks.get(id)
    if (pending === undefined || pending.client !== client) return
    pendingAcks.delete(id)
    pending.stored.ackedBy.add(client.key)
  }

  function onClose(client: Client): void {
    clients.delete(client)
    for (const topic of [...client.topics]) unsubscribe(client, topic)
    for (const [id, pending] of pendingAcks) {
      if (pending.client !== client) continue
      pendingAcks.delete(id)
      pending.stored.sentTo.delete(client.socketId)
    }
  }

  server.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    if (closing !== undefined) {
      socket.terminate()
      return
    }
    const socketId = randomUUID()
    const client: Client = {
      socketId,
      key: clientKeyOf(request) ?? socketId,
      socket,
      topics: new Set(),
      alive: true,
    }
    clients.add(client)
    socket.on('pong', () => {
      client.alive = true
    })
    socket.on('message', (data: RawData) => {
      try {
        onText(client, rawDataToText(data))
      } catch {
        // Never let one bad message take the relay down.
      }
    })
    socket.on('error', () => socket.terminate())
    socket.on('close', () => onClose(client))
  })

  let closing: Promise<void> | undefined
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
    sweep()
  }, pingIntervalMs)
  pinger.unref()

  return {
    url,
    port,
    close() {
      closing ??= (async () => {
        clearInterval(pinger)
        await Promise.all([...clients].map((client) => closeSocket(client.socket)))
        await new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()))
        })
        subscribers.clear()
        store.clear()
        pendingAcks.clear()
      })()
      return closing
    },
    stats() {
      sweep()
      let messages = 0
      for (const stored of store.values()) messages += stored.length
      return { sockets: clients.size, topics: store.size, messages }
    },
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

function rawDataToText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}

/** The `iss` claim of the `auth` JWT in the connection URL, unverified: the client's did:key. */
function clientKeyOf(request: IncomingMessage): string | undefined {
  try {
    const auth = new URL(request.url ?? '/', 'http://relay.local').searchParams.get('auth')
    const payload = auth?.split('.')[1]
    if (payload === undefined) return undefined
    const claims = jwtPayloadSchema.safeParse(
      JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
    )
    return claims.success ? `iss:${claims.data.iss}` : undefined
  } catch {
    return undefined
  }
}

function unquote(rawId: string): string {
  return rawId.startsWith('"') ? String(JSON.parse(rawId)) : rawId
}

/** The index just past the JSON string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let index = start + 1
  while (index < text.length) {
    const char = text[index]
    if (char === '\\') index += 2
    else if (char === '"') return index + 1
    else index += 1
  }
  return text.length
}

/**
 * The source text of the top-level `"id"` member's value in valid JSON text, so a 19-digit
 * numeric id is echoed exactly instead of being rounded by `JSON.parse`. When the key repeats,
 * the last one wins, as with `JSON.parse`.
 */
function rawIdOf(text: string): string | undefined {
  let depth = 0
  let expectKey = false
  let found: string | undefined
  let index = 0
  while (index < text.length) {
    const char = text[index]
    if (char === '"') {
      const end = stringEnd(text, index)
      if (depth === 1 && expectKey) {
        const key: unknown = JSON.parse(text.slice(index, end))
        let valueStart = text.indexOf(':', end) + 1
        while (/\s/.test(text[valueStart] ?? '')) valueStart += 1
        if (key === 'id') {
          const valueEnd =
            text[valueStart] === '"'
              ? stringEnd(text, valueStart)
              : valueStart + (/^[^\s,}\]]*/.exec(text.slice(valueStart))?.[0].length ?? 0)
          found = text.slice(valueStart, valueEnd)
        }
        expectKey = false
        index = valueStart
        continue
      }
      index = end
      continue
    }
    if (char === '{') {
      depth += 1
      expectKey = depth === 1
    } else if (char === '[') depth += 1
    else if (char === '}' || char === ']') depth -= 1
    else if (char === ',' && depth === 1) expectKey = true
    index += 1
  }
  return found
}
