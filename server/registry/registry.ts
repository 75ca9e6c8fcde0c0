/**
 * The wallet registry: `GET /getWallets` and `GET /getWalletImage/:id` with the WalletConnect
 * Explorer API's paging, search, include, exclude and chains semantics, serving a list the
 * operator supplies (the kit's built-in list by default, with their logos), with a bounded log of
 * the requests.
 * @module
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { BUILT_IN_WALLETS } from '../../src/kernel/index.js'
import { WALLET_LOGOS } from '../../src/ui/logos/catalogue.js'

/**
 * One wallet as the registry serves it (the Explorer API's field names). Served as given: a test
 * may put anything here, hostile names and links included.
 */
export interface WalletRegistryEntry {
  readonly id: string
  readonly name: string
  /**
   * Served by `/getWalletImage/{image_id}`: a built-in wallet's logo (the one the kit ships), for
   * any other wallet a letter avatar (SVG).
   */
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

/** One request the registry received. */
export interface WalletRegistryRequest {
  readonly method: string
  /** The path without the query, e.g. `/getWallets`. */
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  /** The `x-project-id` header, or the `projectId` query parameter (images). */
  readonly projectId: string | undefined
  /** The `x-sdk-type` header. */
  readonly sdkType: string | undefined
}

/** The registry's routes and its request log. */
export interface RegistryRoutes {
  readonly app: Hono
  /**
   * Records registry requests (paths under `/getWallet`); mount it before CORS so preflights are
   * recorded too.
   */
  readonly logRequests: MiddlewareHandler
  /** The last requests, oldest first; at most `requestLogLimit` are kept. */
  readonly requests: readonly WalletRegistryRequest[]
}

const MAX_ENTRIES = 100
/** Requests kept in the log by default: enough to inspect, bounded so it never grows. */
export const DEFAULT_REQUEST_LOG_LIMIT = 1_000

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

const list = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
    : []

function positiveInt(value: string | undefined, fallback: number): number | undefined {
  if (value === undefined) return fallback
  return /^\d{1,6}$/.test(value) && Number(value) >= 1 ? Number(value) : undefined
}

/** The kit's built-in list in the registry's field names, each with an image. */
export function defaultWallets(): WalletRegistryEntry[] {
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
 * The registry's routes. Requests need a project id (the `x-project-id` header, or `projectId` in
 * the query); malformed input gets a 400 `{ code, message }`, never a crash.
 * @param options - the wallets (default: the built-in list) and how many requests to log.
 * @returns the routes and the log.
 */
export function createRegistryRoutes(
  options: {
    readonly wallets?: readonly WalletRegistryEntry[] | undefined
    readonly requestLogLimit?: number
  } = {},
): RegistryRoutes {
  const wallets = [...(options.wallets ?? defaultWallets())]
  const limit = options.requestLogLimit ?? DEFAULT_REQUEST_LOG_LIMIT
  const requests: WalletRegistryRequest[] = []
  const app = new Hono()
  const fail = (status: 400 | 404 | 405, code: string, message: string) =>
    new Response(JSON.stringify({ code, message }), {
      status,
      headers: { 'content-type': 'application/json' },
    })

  const logRequests: MiddlewareHandler = async (context, next) => {
    const url = new URL(context.req.url)
    if (!url.pathname.startsWith('/getWallet')) return next()
    requests.push({
      method: context.req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      projectId:
        context.req.header('x-project-id') ?? url.searchParams.get('projectId') ?? undefined,
      sdkType: context.req.header('x-sdk-type'),
    })
    if (requests.length > limit) requests.splice(0, requests.length - limit)
    await next()
  }
  app.all('/getWallets', (context) => {
    if (context.req.method !== 'GET') return fail(405, 'METHOD_NOT_ALLOWED', 'Method not allowed')
    const query = context.req.query()
    const projectId = context.req.header('x-project-id') ?? query.projectId
    if (!projectId) return fail(400, 'INVALID_REQUEST', 'projectId is required')
    const page = positiveInt(query.page, 1)
    const entries = positiveInt(query.entries, 40)
    if (page === undefined || entries === undefined || entries > MAX_ENTRIES) {
      return fail(400, 'INVALID_REQUEST', 'Invalid page or entries')
    }
    const search = query.search?.trim().toLowerCase() ?? ''
    const include = list(query.include)
    const exclude = list(query.exclude)
    const chains = list(query.chains)
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
    return context.json({ count: matching.length, data })
  })
  app.get('/getWalletImage/:imageId{.+}', (context) => {
    let imageId: string
    try {
      // The raw path: Hono's own decoding would hide a malformed escape.
      const raw = new URL(context.req.url).pathname
      imageId = decodeURIComponent(raw.slice('/getWalletImage/'.length))
    } catch {
      return fail(400, 'INVALID_REQUEST', 'Invalid image id')
    }
    const wallet = wallets.find((entry) => entry.image_id === imageId)
    if (!wallet) return fail(404, 'NOT_FOUND', 'Not found')
    const logo = Object.hasOwn(WALLET_LOGOS, wallet.id) ? WALLET_LOGOS[wallet.id] : undefined
    return context.body(logo ?? letterAvatar(String(wallet.name)), 200, {
      'content-type': 'image/svg+xml',
      // An image, never a document: opened on its own it runs nothing and is not sniffed.
      'content-security-policy': "default-src 'none'",
      'x-content-type-options': 'nosniff',
    })
  })
  return { app, requests, logRequests }
}
