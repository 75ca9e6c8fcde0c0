/**
 * A local WalletConnect wallet registry: the Gangway server's registry (`GET /getWallets` and
 * `GET /getWalletImage/:id`, server/registry) on its own loopback port, with open CORS. For
 * tests, the demo, and sites that host their own registry. Node only.
 * @module
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import {
  createRegistryRoutes,
  type WalletRegistryEntry,
  type WalletRegistryRequest,
} from '../registry/registry.js'

export type { WalletRegistryEntry, WalletRegistryRequest }

/**
 * Options of {@link startWalletRegistry}; every field has a default.
 * @example
 * import { startWalletRegistry } from '@gangway/server'
 * const registry = await startWalletRegistry({ port: 5556, wallets: [{ id: 'w1', name: 'One' }] })
 */
export interface StartWalletRegistryOptions {
  /** The wallets, in registry order (default: the kit's built-in list, each with an image). */
  readonly wallets?: readonly WalletRegistryEntry[]
  /** The port (default 0: a free port picked by the operating system). */
  readonly port?: number
  /** The interface (default `127.0.0.1`). */
  readonly host?: string
  /** How many requests `requests` keeps, newest last (default 1,000). */
  readonly requestLogLimit?: number
}

/**
 * A running local registry, returned by {@link startWalletRegistry}.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { startWalletRegistry } from '@gangway/server'
 * const registry = await startWalletRegistry()
 * const kit = createKit({ plugins, projectId: 'local', walletRegistryUrl: registry.url })
 * await registry.close()
 */
export interface LocalWalletRegistry {
  /** The base URL to pass as `walletRegistryUrl`, e.g. `http://127.0.0.1:54321`. */
  readonly url: string
  /** The port it listens on. */
  readonly port: number
  /** The requests received, oldest first (CORS preflights included), at most `requestLogLimit`. */
  readonly requests: readonly WalletRegistryRequest[]
  /** Closes the server and its connections; resolves once closed. Idempotent. */
  close(): Promise<void>
}

/**
 * Starts a local wallet registry that answers like the WalletConnect Explorer API:
 * `GET /getWallets?page&entries&search&include&exclude&chains` → `{ count, data }` (40 entries by
 * default, at most 100; `search` matches names case-insensitively; `include` and `exclude` are
 * comma-separated ids; `chains` keeps wallets supporting one of the CAIP-2 networks), and
 * `GET /getWalletImage/:imageId` → the wallet's logo for a built-in wallet, else a letter avatar
 * (SVG). Requests need a project id (the
 * `x-project-id` header, or `projectId` in the query); CORS is open, so a page on another origin
 * can use it. Malformed input gets a 400 `{ code, message }`, never a crash.
 * @example
 * import { startWalletRegistry } from '@gangway/server'
 * const registry = await startWalletRegistry()
 * const response = await fetch(`${registry.url}/getWallets?page=1&entries=40`, { headers: { 'x-project-id': 'local' } })
 * await registry.close()
 * @param options - wallets, port, host and log size.
 * @returns the running registry.
 * @see /docs/wallet-registry.md
 */
export async function startWalletRegistry(
  options: StartWalletRegistryOptions = {},
): Promise<LocalWalletRegistry> {
  const routes = createRegistryRoutes({
    wallets: options.wallets,
    ...(options.requestLogLimit === undefined ? {} : { requestLogLimit: options.requestLogLimit }),
  })
  const outer = new Hono()
  // The log comes first, so preflights are recorded too.
  outer.use('*', routes.logRequests)
  outer.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'OPTIONS'],
      allowHeaders: ['x-project-id', 'x-sdk-type', 'x-sdk-version', 'content-type'],
      maxAge: 600,
    }),
  )
  outer.route('/', routes.app)
  outer.notFound((context) => context.json({ code: 'NOT_FOUND', message: 'Not found' }, 404))
  const server = createServer(getRequestListener(outer.fetch))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port, address } = server.address() as AddressInfo
  const host = address.includes(':') ? `[${address}]` : address
  let closing: Promise<void> | undefined
  return {
    url: `http://${host}:${port}`,
    port,
    requests: routes.requests,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    },
  }
}
