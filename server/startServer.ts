/**
 * The composition root: opens storage (running migrations), restores the relay's messages, starts
 * the indexer, and serves HTTP and the relay's WebSocket on one port. `close()` shuts down in an
 * order that loses nothing: stop accepting, close sockets, flush the relay's writes, let the
 * indexer commit the blocks it read, then close the database and release its lock.
 * @module
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import { createApp } from './app.js'
import { createBitcoinRoutes } from './bitcoin/routes.js'
import { createChainClients } from './chains.js'
import type { ServerConfig } from './config.js'
import { createConvertRoutes } from './convert/routes.js'
import { createConvertService } from './convert/service.js'
import { createIdentityResolver } from './data/identity.js'
import { createPriceSource } from './data/prices.js'
import { createDataRoutes } from './data/routes.js'
import { loadFrameAssets } from './embedded/assets.js'
import { createMailer } from './embedded/mailer.js'
import { discoverSocialClients } from './embedded/social.js'
import { createWalletOriginApp } from './embedded/walletOrigin.js'
import { createIndexer, type Indexer } from './indexer/indexer.js'
import { createSolanaReader } from './indexer/solanaReader.js'
import { createLogger, type Logger } from './log.js'
import {
  createRegistryRoutes,
  type WalletRegistryEntry,
  type WalletRegistryRequest,
} from './registry/registry.js'
import { createRelay, type Relay } from './relay/createRelay.js'
import { servedRelayUrls } from './relay/jwt.js'
import { connectRedisRelay } from './relay/redis.js'
import { createSqlMessageStore } from './relay/sqlMessageStore.js'
import { createSessionRoutes } from './sessions/routes.js'
import { createSourceOf } from './source.js'
import { openStorage, type Storage } from './storage/openStorage.js'

/** Options besides the configuration. */
export interface StartServerOptions {
  /** The logger (JSON lines on stdout at the configured level by default). */
  readonly log?: Logger
  /** A PGlite `dumpDataDir()` tarball for a fresh data directory (tests skip initdb with it). */
  readonly snapshot?: Blob
  /** The clock of the HTTP budgets, the watch list and the session paths; `Date.now` by default. */
  readonly now?: () => number
}

/** A running server. */
export interface RunningServer {
  /** `http://host:port`: the data service, the registry and `/health`. */
  readonly url: string
  /** `ws://host:port`: the relay (the kit's and wallets' `relayUrl`). */
  readonly relayUrl: string
  readonly port: number
  readonly storage: Storage
  readonly relay: Relay
  readonly indexer: Indexer
  /** The registry's recent requests (bounded). */
  readonly registryRequests: readonly WalletRegistryRequest[]
  /** The Hono app, for in-process requests (`app.request(path)`). */
  readonly app: Hono
  /** The embedded wallet's origin, on its own listener, when `embedded` is configured. */
  readonly walletOrigin?: {
    /** `http://host:port` (or the configured `publicOrigin`). */
    readonly url: string
    readonly app: Hono
  }
  /** Shuts down gracefully; idempotent. */
  close(): Promise<void>
}

/**
 * Starts the Gangway server.
 * @example
 * import { loadConfig, startServer } from '@gangway/server'
 * const server = await startServer(loadConfig({ env: process.env }))
 * console.log(server.url, server.relayUrl)
 * await server.close()
 * @param config - the checked configuration.
 * @param options - logger and snapshot.
 * @returns the running server.
 * @throws DataDirLockedError when another server owns the data directory; the database's or
 * Redis's error when either cannot be reached; `EADDRINUSE` for a taken port.
 */
export async function startServer(
  config: ServerConfig,
  options: StartServerOptions = {},
): Promise<RunningServer> {
  const log = options.log ?? createLogger(config.logLevel)
  const cleanup: (() => Promise<unknown>)[] = []
  try {
    const storage = await openStorage(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : {
            kind: 'pglite',
            dataDir: config.dataDir,
            ...(options.snapshot ? { snapshot: options.snapshot } : {}),
          },
    )
    cleanup.push(() => storage.close())
    const redis = config.redisUrl ? await connectRedisRelay(config.redisUrl, log) : undefined
    if (redis) cleanup.push(() => redis.close())
    // Known once the server listens (port 0 picks one).
    let audiences: readonly string[] = config.relay.audiences
    const relay = await createRelay({
      limits: config.relay,
      // With Redis, instances share the database, which is where messages live; Redis only
      // carries them between instances (decision 0305).
      store: await createSqlMessageStore(storage.db, Date.now(), { shared: Boolean(redis) }),
      ...(redis ? { bus: redis.bus } : {}),
      log: log.child({ part: 'relay' }),
      audiences: () => audiences,
      sourceOf: createSourceOf(config.trustedProxies),
    })
    cleanup.push(() => relay.close())
    const clients = createChainClients(config.chains)
    const indexer = createIndexer({
      db: storage.db,
      chains: config.chains,
      tokens: config.tokens,
      clients,
      solana: new Map(
        config.chains
          .filter((chain) => chain.id.startsWith('solana:'))
          .map((chain) => [chain.id, createSolanaReader(chain.rpcUrl)]),
      ),
      settings: config.indexer,
      log: log.child({ part: 'indexer' }),
      ...(options.now ? { now: options.now } : {}),
    })
    cleanup.push(() => indexer.stop())
    const convert = createConvertService(config, clients)
    const registry = createRegistryRoutes({
      wallets: config.wallets as WalletRegistryEntry[] | undefined,
    })
    const app = createApp({
      config,
      log,
      health: async () => {
        await storage.db.execute(sql`SELECT 1`)
        return { storage: storage.kind, redis: Boolean(redis), relay: relay.stats() }
      },
      before: [registry.logRequests],
      routes: [
        registry.app,
        createDataRoutes({
          config,
          db: storage.db,
          clients,
          prices: createPriceSource(config, convert),
          pooledTokens: convert.pooledTokens,
          identity: createIdentityResolver(config.chains, clients),
          indexer,
        }),
        createSessionRoutes({
          config,
          db: storage.db,
          clients,
          ...(options.now ? { now: options.now } : {}),
        }),
        createConvertRoutes(convert),
        createBitcoinRoutes(config, options.now),
      ],
    })
    const listener = getRequestListener(app.fetch)
    // Listeners that see raw input never throw or reject out (issue 19): a bad request costs its
    // own connection, never the process.
    const server = createServer((request, response) => {
      listener(request, response).catch((error: unknown) => {
        log.warn('request handling failed', { error })
        response.destroy()
      })
    })
    server.on('upgrade', (request, socket, head) => relay.handleUpgrade(request, socket, head))
    await listen(server, config.port, config.host)
    const walletOrigin = config.embedded
      ? await startWalletOrigin(config.embedded, storage, log, options.now, cleanup)
      : undefined
    if (config.indexer.enabled) indexer.start()
    const { port } = server.address() as AddressInfo
    const host = config.host.includes(':') ? `[${config.host}]` : config.host
    if (audiences.length === 0) audiences = servedRelayUrls(config.host, port)
    log.info('server started', {
      url: `http://${host}:${port}`,
      storage: storage.kind,
      redis: Boolean(redis),
      chains: config.chains.map((chain) => chain.id),
      relayAudiences: audiences,
    })
    let closing: Promise<void> | undefined
    return {
      url: `http://${host}:${port}`,
      relayUrl: `ws://${host}:${port}`,
      port,
      storage,
      relay,
      indexer,
      registryRequests: registry.requests,
      app,
      ...(walletOrigin ? { walletOrigin } : {}),
      close: () => {
        closing ??= (async () => {
          log.info('server stopping')
          // Stop accepting first; upgraded relay sockets count as open connections, so the relay
          // closes them before the HTTP server can finish closing.
          const httpClosed = closeHttp(server)
          await relay.close()
          await httpClosed
          await shutdown(cleanup)
          log.info('server stopped')
        })()
        return closing
      },
    }
  } catch (error) {
    await shutdown(cleanup)
    throw error
  }
}

/**
 * Starts the embedded wallet's origin on its own listener (decision 0710): its pages and API never
 * share an origin with a site or with the data service.
 */
async function startWalletOrigin(
  embedded: NonNullable<ServerConfig['embedded']>,
  storage: Storage,
  log: Logger,
  now: (() => number) | undefined,
  cleanup: (() => Promise<unknown>)[],
): Promise<{ readonly url: string; readonly app: Hono }> {
  const mailer = createMailer(embedded.smtp)
  cleanup.push(async () => mailer.close())
  let origin = embedded.publicOrigin ?? ''
  const walletLog = log.child({ part: 'wallet-origin' })
  const app = createWalletOriginApp({
    config: embedded,
    origin: () => origin,
    db: storage.db,
    mailer,
    assets: await loadFrameAssets(),
    log: walletLog,
    social: await discoverSocialClients(embedded, () => origin, walletLog),
    ...(now ? { now } : {}),
  })
  const listener = getRequestListener(app.fetch)
  const server = createServer((request, response) => {
    listener(request, response).catch((error: unknown) => {
      walletLog.warn('request handling failed', { error })
      response.destroy()
    })
  })
  await listen(server, embedded.port, embedded.host)
  cleanup.push(() => closeHttp(server))
  const { port } = server.address() as AddressInfo
  const host = embedded.host.includes(':') ? `[${embedded.host}]` : embedded.host
  if (!origin) origin = `http://${host}:${port}`
  const clash = embedded.projects.find((project) => project.sites.includes(origin))
  if (clash) {
    // Checked in the configuration when publicOrigin is set; the listener's own URL only now.
    throw new Error(
      `embedded: project ${clash.id} lists ${origin}, the wallet origin itself: a site must never be on it`,
    )
  }
  walletLog.info('wallet origin started', { url: origin })
  return { url: origin, app }
}

/** Runs the cleanups newest first: the indexer (committing what it read), the relay, Redis, storage. */
async function shutdown(cleanup: (() => Promise<unknown>)[]): Promise<void> {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined)
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

/** Stops accepting, lets requests in flight finish (at most 5 s), then drops idle keep-alives. */
function closeHttp(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), 5_000)
    server.close(() => {
      clearTimeout(force)
      resolve()
    })
    server.closeIdleConnections()
  })
}
