/**
 * A local WalletConnect wallet registry: `GET /getWallets` and `GET /getWalletImage/:id` with the
 * Explorer API's paging, search, include, exclude and chains semantics, in memory, on node:http.
 * For tests, the demo, and sites that host their own registry. Node only.
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { BUILT_IN_WALLETS } from '../../kernel/index.js'

/**
 * One wallet as the registry serves it (the Explorer API's field names). Served as given: a test
 * may put anything here, hostile names and links included.
 * @example
 * import type { WalletRegistryEntry } from 'gangway/testing/node'
 * const entry: WalletRegistryEntry = { id: 'w1', name: 'My Wallet', mobile_link: 'mywallet://' }
 */
export interface WalletRegistryEntry {
  readonly id: string
  readonly name: string
  /** Served by `/getWalletImage/{image_id}` as a letter avatar (SVG). */
  readonly image_id?: string | null
  readonly image_url?: string | null
  readonly homepage?: string | null
  readonly mobile_link?: string | null
  readonly desktop_link?: string | null
  readonly webapp_link?: string | null
  readonly app_store?: string | null
  readonly play_store?: string | null
  readonly rdns?: string | null
  /** CAIP-2 networks the wallet supports; a wallet without the field matches every `chains`. */
  readonly chains?: readonly string[]
  readonly injected?: readonly { readonly namespace: string; readonly injected_id: string }[]
}

/**
 * Options of {@link startWalletRegistry}; every field has a default.
 * @example
 * import { startWalletRegistry } from 'gangway/testing/node'
 * const registry = await startWalletRegistry({ port: 5556, wallets: [{ id: 'w1', name: 'One' }] })
 */
export interface StartWalletRegistryOptions {
  /** The wallets, in registry order (default: the kit's built-in list, each with an image). */
  readonly wallets?: readonly WalletRegistryEntry[]
  /** The port (default 0: a free port picked by the operating system). */
  readonly port?: number
  /** The interface (default `127.0.0.1`). */
  readonly host?: string
}

/** One request the registry received, for assertions. */
export interface WalletRegistryRequest {
  readonly method: string
  /** The path without the query, e.g. `/getWallets`. */
  readonly path: string
  /** The query parameters. */
  readonly query: Readonly<Record<string, string>>
  /** The `x-project-id` header, or the `projectId` query parameter (images). */
  readonly projectId: string | undefined
  /** The `x-sdk-type` header. */
  readonly sdkType: string | undefined
}

/**
 * A running local registry, returned by {@link startWalletRegistry}.
 * @example
 * import { createKit } from 'gangway'
 * import { startWalletRegistry } from 'gangway/testing/node'
 * const registry = await startWalletRegistry()
 * const kit = createKit({ plugins, projectId: 'local', walletRegistryUrl: registry.url })
 * await registry.close()
 */
export interface LocalWalletRegistry {
  /** The base URL to pass as `walletRegistryUrl`, e.g. `http://127.0.0.1:54321`. */
  readonly url: string
  /** The port it listens on. */
  readonly port: number
  /** Every request received so far, oldest first (CORS preflights included). */
  readonly requests: readonly WalletRegistryRequest[]
  /** Closes the server and its connections; resolves once closed. Idempotent. */
  close(): Promise<void>
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
  'access-control-allow-headers': 'x-project-id, x-sdk-type, x-sdk-version, content-type',
  'access-control-max-age': '600',
} as const

const MAX_ENTRIES = 100

function send(response: ServerResponse, status: number, body: unknown, type = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  response.writeHead(status, { ...CORS_HEADERS, 'content-type': type })
  response.end(text)
}

const xmlEscape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character]!,
  )

function letterAvatar(name: string): string {
  const letter = xmlEscape(([...name.trim()][0] ?? '?').toUpperCase())
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#3b82f6"/><text x="32" y="42" font-family="sans-serif" font-size="30" font-weight="600" text-anchor="middle" fill="#fff">${letter}</text></svg>`
}

const list = (value: string | null) =>
  value
    ? value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
    : []

function positiveInt(value: string | null, fallback: number): number | undefined {
  if (value === null) return fallback
  return /^\d{1,6}$/.test(value) && Number(value) >= 1 ? Number(value) : undefined
}

/** The default wallets: the kit's built-in list in the registry's field names, each with an image. */
function defaultWallets(): WalletRegistryEntry[] {
  return BUILT_IN_WALLETS.map((wallet) => ({
    id: wallet.id,
    name: wallet.name,
    image_id: wallet.id,
    homepage: wallet.homepage ?? null,
    mobile_link: wallet.mobileLink ?? null,
    desktop_link: wallet.desktopLink ?? null,
    webapp_link: wallet.webappLink ?? null,
    rdns: wallet.rdns ?? null,
  }))
}

/**
 * Starts a local wallet registry that answers like the WalletConnect Explorer API:
 * `GET /getWallets?page&entries&search&include&exclude&chains` → `{ count, data }` (40 entries by
 * default, at most 100; `search` matches names case-insensitively; `include` and `exclude` are
 * comma-separated ids; `chains` keeps wallets supporting one of the CAIP-2 networks), and
 * `GET /getWalletImage/:imageId` → a letter avatar (SVG). Requests need a project id (the
 * `x-project-id` header, or `projectId` in the query); CORS is open, so a page on another origin
 * can use it. Malformed input gets a 400, never a crash.
 * @example
 * import { startWalletRegistry } from 'gangway/testing/node'
 * const registry = await startWalletRegistry()
 * const response = await fetch(`${registry.url}/getWallets?page=1&entries=40`, { headers: { 'x-project-id': 'local' } })
 * await registry.close()
 * @param options - wallets, port and host.
 * @returns the running registry.
 * @see /docs/wallet-registry.md
 */
export async function startWalletRegistry(
  options: StartWalletRegistryOptions = {},
): Promise<LocalWalletRegistry> {
  const wallets = [...(options.wallets ?? defaultWallets())]
  const requests: WalletRegistryRequest[] = []
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://registry.local')
    const header = (name: string) => {
      const value = request.headers[name]
      return typeof value === 'string' ? value : undefined
    }
    const projectId = header('x-project-id') ?? url.searchParams.get('projectId') ?? undefined
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      projectId,
      sdkType: header('x-sdk-type'),
    })
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS_HEADERS)
      response.end()
      return
    }
    if (request.method !== 'GET') return send(response, 405, { message: 'Method not allowed' })
    if (url.pathname === '/getWallets') {
      if (!projectId) return send(response, 400, { message: 'projectId is required' })
      const page = positiveInt(url.searchParams.get('page'), 1)
      const entries = positiveInt(url.searchParams.get('entries'), 40)
      if (page === undefined || entries === undefined || entries > MAX_ENTRIES) {
        return send(response, 400, { message: 'Invalid page or entries' })
      }
      const search = url.searchParams.get('search')?.trim().toLowerCase() ?? ''
      const include = list(url.searchParams.get('include'))
      const exclude = list(url.searchParams.get('exclude'))
      const chains = list(url.searchParams.get('chains'))
      const matching = wallets.filter(
        (wallet) =>
          (include.length === 0 || include.includes(wallet.id)) &&
          !exclude.includes(wallet.id) &&
          (!search || String(wallet.name).toLowerCase().includes(search)) &&
          (chains.length === 0 ||
            wallet.chains === undefined ||
            wallet.chains.some((chain) => chains.includes(chain))),
      )
      const data = matching.slice((page - 1) * entries, page * entries)
      return send(response, 200, { count: matching.length, data })
    }
    const image = /^\/getWalletImage\/([^/]+)$/.exec(url.pathname)
    if (image) {
      let imageId: string
      try {
        imageId = decodeURIComponent(image[1]!)
      } catch {
        return send(response, 400, { message: 'Invalid image id' })
      }
      const wallet = wallets.find((entry) => entry.image_id === imageId)
      if (!wallet) return send(response, 404, { message: 'Not found' })
      return send(response, 200, letterAvatar(String(wallet.name)), 'image/svg+xml')
    }
    return send(response, 404, { message: 'Not found' })
  }
  const server = createServer((request, response) => {
    try {
      handle(request, response)
    } catch {
      if (!response.headersSent) send(response, 500, { message: 'Internal error' })
      else response.end()
    }
  })
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
    requests,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    },
  }
}
