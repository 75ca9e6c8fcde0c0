/**
 * A WalletConnect v2 relay started in-process for tests, demos and integrators: the Gangway
 * server's relay (server/relay) on its own loopback port, with its messages in memory. Node only.
 * @module
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type RelayLimits, serverConfigSchema } from '../config.js'
import { createLogger } from '../log.js'
import { createRelay } from '../relay/createRelay.js'
import { servedRelayUrls } from '../relay/jwt.js'
import { createMemoryMessageStore, type MessageStore } from '../relay/messageStore.js'
import { createSourceOf } from '../source.js'

/**
 * A running local relay, returned by {@link startRelay}.
 * @example
 * import SignClient from '@walletconnect/sign-client'
 * import { startRelay } from '@gangway/server'
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
  /** Counts for tests: open sockets, topics with stored unexpired messages, and those messages. */
  stats(): { sockets: number; topics: number; messages: number }
}

/**
 * Options for {@link startRelay}; every field has a default.
 * @example
 * import { startRelay, type StartRelayOptions } from '@gangway/server'
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
  /**
   * Budgets over the server's defaults (decision 0300). Sockets without an `auth` JWT are served
   * here unless `allowAnonymous: false`; a JWT that is present is always verified.
   */
  readonly limits?: Partial<RelayLimits>
  /** Where messages are kept (default: memory, lost on close). */
  readonly store?: MessageStore
  /** The clock in ms for ttls and rates (default `Date.now`; tests move time without waiting). */
  readonly now?: () => number
  /**
   * Proxies whose `X-Forwarded-For` names the network source budgets count by (addresses or CIDR
   * ranges; default none: the socket's own address).
   */
  readonly trustedProxies?: readonly string[]
}

/**
 * Starts the Gangway relay on a loopback port, for `@walletconnect/sign-client` (2.25) and wallets
 * built on it, fully offline. It speaks `irn_subscribe`, `irn_batchSubscribe`, `irn_unsubscribe`,
 * `irn_batchUnsubscribe`, `irn_publish`, `irn_batchPublish`, `irn_fetchMessages`,
 * `irn_batchFetchMessages`, `wc_proposeSession` and `wc_approveSession`; delivers messages with
 * `irn_subscription` to every other subscriber of a topic, never back to the publisher; keeps
 * them for their ttl (at most one day) for later subscribers; never forwards Verify attestations;
 * verifies each client's `auth` JWT (did:key, Ed25519, naming this relay's URL as its audience,
 * at most a day to live) and refuses a forged one; and enforces the budgets of decision 0300. No
 * projectId is needed.
 * @example
 * import SignClient from '@walletconnect/sign-client'
 * import { startRelay } from '@gangway/server'
 * const relay = await startRelay()
 * const wallet = await SignClient.init({
 *   projectId: 'gangway-local',
 *   relayUrl: relay.url,
 *   customStoragePrefix: 'wallet',
 *   telemetryEnabled: false,
 * })
 * await relay.close()
 * @param options - port, interface, ping interval, budgets and store.
 * @returns the running relay, once it listens.
 * @throws when the port cannot be listened on (for example `EADDRINUSE`).
 * @see /docs/server.md
 */
export async function startRelay(options: StartRelayOptions = {}): Promise<LocalRelay> {
  const host = options.host ?? '127.0.0.1'
  const defaults = serverConfigSchema.shape.relay.parse({})
  const limits: RelayLimits = {
    ...defaults,
    allowAnonymous: true,
    ...(options.pingIntervalMs === undefined ? {} : { pingIntervalMs: options.pingIntervalMs }),
    ...options.limits,
  }
  let audiences: readonly string[] = limits.audiences
  const relay = await createRelay({
    limits,
    store: options.store ?? createMemoryMessageStore(),
    log: createLogger('silent'),
    audiences: () => audiences,
    sourceOf: createSourceOf(options.trustedProxies ?? []),
    ...(options.now ? { now: options.now } : {}),
  })
  const server = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain' })
    response.end('WebSocket only')
  })
  server.on('upgrade', (request, socket, head) => relay.handleUpgrade(request, socket, head))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const url = `ws://${host.includes(':') ? `[${host}]` : host}:${port}`
  if (audiences.length === 0) audiences = servedRelayUrls(host, port)
  let closing: Promise<void> | undefined
  return {
    url,
    port,
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        await relay.close()
        server.closeAllConnections()
        await closed
      })()
      return closing
    },
    stats() {
      const { sockets, topics, messages } = relay.stats()
      return { sockets, topics, messages }
    },
  }
}
