/**
 * The WalletConnect wallet registry client (the Explorer API as AppKit uses it): request URLs and
 * headers, and the response turned into sanitised {@link RegistryWallet}s. Pure apart from
 * {@link fetchWallets}, which takes its `fetch` as a parameter; the registry effect calls it.
 * @module
 */
import * as z from 'zod/mini'
import {
  type FetchLike,
  KIT_VERSION,
  KitError,
  LIMITS,
  type RegistryWallet,
  registryWalletSchema,
  toPlainText,
  toSafeDeepLink,
  toSafeHttpsUrl,
  toSafeImageUrl,
  toSafeLinkUrl,
  withBuiltInLinks,
} from '../../kernel/index.js'
import type { WalletRegistryConfig } from './settings.js'

/** The SDK type the registry sees in `x-sdk-type` and the image URLs' `st`. */
export const WALLET_REGISTRY_SDK_TYPE = 'gangway'

/**
 * The query of one `GET /getWallets` request.
 * @example
 * import type { GetWalletsParameters } from '@gangway/kit/wallet-registry'
 * const first: GetWalletsParameters = { page: 1, entries: 40 }
 */
export interface GetWalletsParameters {
  /** The page, from 1. */
  readonly page: number
  /** Wallets per page: 40 for the list (§9), up to 100 for a search. */
  readonly entries: number
  /** Text to match against wallet names. */
  readonly search?: string
  /** Only these wallet ids. */
  readonly include?: readonly string[]
  /** Never these wallet ids. */
  readonly exclude?: readonly string[]
  /** Only wallets that support one of these CAIP-2 networks. */
  readonly chains?: readonly string[]
}

const trimSlash = (url: string) => url.replace(/\/+$/, '')

/**
 * The URL of a `GET /getWallets` request; empty lists and an empty search are left out.
 * @example
 * import { getWalletsUrl } from '@gangway/kit/wallet-registry'
 * getWalletsUrl('https://api.web3modal.org', { page: 2, entries: 40 })
 * // 'https://api.web3modal.org/getWallets?page=2&entries=40'
 * @param baseUrl - the registry's base URL.
 * @param parameters - the query.
 * @returns the URL.
 */
export function getWalletsUrl(baseUrl: string, parameters: GetWalletsParameters): string {
  const query = new URLSearchParams({
    page: String(parameters.page),
    entries: String(parameters.entries),
  })
  if (parameters.search) query.set('search', parameters.search)
  for (const key of ['include', 'exclude', 'chains'] as const) {
    const values = parameters[key]
    if (values && values.length > 0) query.set(key, values.join(','))
  }
  return `${trimSlash(baseUrl)}/getWallets?${query.toString()}`
}

/**
 * The headers of every registry request: `x-project-id`, `x-sdk-type` and `x-sdk-version`.
 * @example
 * import { walletRegistryHeaders } from '@gangway/kit/wallet-registry'
 * walletRegistryHeaders('my-project-id')['x-sdk-type'] // '@gangway/kit'
 * @param projectId - the WalletConnect project id.
 * @returns the headers.
 */
export function walletRegistryHeaders(projectId: string): Record<string, string> {
  return {
    'x-project-id': projectId,
    'x-sdk-type': WALLET_REGISTRY_SDK_TYPE,
    'x-sdk-version': KIT_VERSION,
  }
}

const optionalText = z.optional(z.nullable(z.string()))

/** One wallet as the registry sends it; fields we do not use are dropped. */
const wireWalletSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(128)),
  name: z.string(),
  image_id: optionalText,
  image_url: optionalText,
  homepage: optionalText,
  mobile_link: optionalText,
  desktop_link: optionalText,
  webapp_link: optionalText,
  app_store: optionalText,
  play_store: optionalText,
  rdns: optionalText,
})

const responseSchema = z.object({
  count: z.number().check(z.int(), z.gte(0)),
  data: z.array(z.unknown()),
})

/**
 * One registry entry as a sanitised wallet, or `undefined` when it is unusable (no id, no name
 * left after cleaning). The name becomes plain text; the image is the entry's `image_url` when
 * safe, else `{baseUrl}/getWalletImage/{image_id}`; deep links keep only the wallet's own scheme
 * or https; the homepage, web app and store links keep only https.
 * @example
 * import { toRegistryWallet } from '@gangway/kit/wallet-registry'
 * toRegistryWallet({ id: 'x', name: 'X', mobile_link: 'javascript:alert(1)' }, config)
 * // { id: 'x', name: 'X' }
 * @param entry - one element of the response's `data`.
 * @param config - the registry the entry came from (for image URLs).
 * @returns the wallet, or `undefined`.
 */
export function toRegistryWallet(
  entry: unknown,
  config: WalletRegistryConfig,
): RegistryWallet | undefined {
  const parsed = wireWalletSchema.safeParse(entry)
  if (!parsed.success) return undefined
  const wire = parsed.data
  const name = toPlainText(wire.name)
  if (!name) return undefined
  const imageUrl =
    toSafeImageUrl(wire.image_url) ??
    (wire.image_id
      ? toSafeLinkUrl(
          `${trimSlash(config.baseUrl)}/getWalletImage/${encodeURIComponent(wire.image_id)}?${new URLSearchParams(
            { projectId: config.projectId, st: WALLET_REGISTRY_SDK_TYPE, sv: KIT_VERSION },
          ).toString()}`,
        )
      : undefined)
  const fields = {
    imageUrl,
    homepage: toSafeHttpsUrl(wire.homepage),
    mobileLink: toSafeDeepLink(wire.mobile_link),
    desktopLink: toSafeDeepLink(wire.desktop_link),
    webappLink: toSafeHttpsUrl(wire.webapp_link),
    appStore: toSafeHttpsUrl(wire.app_store),
    playStore: toSafeHttpsUrl(wire.play_store),
    rdns: wire.rdns && wire.rdns.length <= 256 ? wire.rdns : undefined,
  }
  const wallet: Record<string, string> = { id: wire.id, name }
  for (const [key, value] of Object.entries(fields)) if (value) wallet[key] = value
  // The event schema re-checks every field; an entry that still fails it is dropped.
  const checked = registryWalletSchema.safeParse(wallet)
  return checked.success ? withBuiltInLinks(checked.data) : undefined
}

/**
 * A `GET /getWallets` response as sanitised wallets: entries that fail are dropped rather than
 * failing the page; at most 100 are kept. A body that is not `{ count, data[] }` throws.
 * @example
 * import { parseGetWalletsResponse } from '@gangway/kit/wallet-registry'
 * parseGetWalletsResponse({ count: 1, data: [{ id: 'x', name: 'X' }] }, config).wallets.length // 1
 * @param body - the parsed JSON body.
 * @param config - the registry it came from.
 * @returns the registry's total count and the wallets.
 * @throws VALIDATION_FAILED
 */
export function parseGetWalletsResponse(
  body: unknown,
  config: WalletRegistryConfig,
): { count: number; wallets: RegistryWallet[] } {
  const parsed = responseSchema.safeParse(body)
  if (!parsed.success) {
    throw new KitError('VALIDATION_FAILED', { details: 'The wallet registry sent no wallet list.' })
  }
  const seen = new Set<string>()
  const wallets: RegistryWallet[] = []
  for (const entry of parsed.data.data) {
    const wallet = toRegistryWallet(entry, config)
    if (!wallet || seen.has(wallet.id)) continue
    seen.add(wallet.id)
    wallets.push(wallet)
    if (wallets.length === LIMITS.walletSearchMaxResults) break
  }
  return { count: parsed.data.count, wallets }
}

/**
 * Fetches one page of wallets from the registry: `GET {baseUrl}/getWallets` with the project id
 * headers, then {@link parseGetWalletsResponse}.
 * @example
 * import { fetchWallets } from '@gangway/kit/wallet-registry'
 * const { wallets } = await fetchWallets({ fetch, config, parameters: { page: 1, entries: 40 }, signal })
 * @param parameters - `fetch`, the registry, the query and an abort signal.
 * @returns the registry's total count and the page's wallets.
 * @throws HTTP_STATUS, VALIDATION_FAILED, or the fetch's own error (network down, aborted)
 */
export async function fetchWallets(parameters: {
  readonly fetch: FetchLike
  readonly config: WalletRegistryConfig
  readonly parameters: GetWalletsParameters
  readonly signal: AbortSignal
}): Promise<{ count: number; wallets: RegistryWallet[] }> {
  const { config } = parameters
  const response = await parameters.fetch(getWalletsUrl(config.baseUrl, parameters.parameters), {
    headers: walletRegistryHeaders(config.projectId),
    signal: parameters.signal,
  })
  if (!response.ok) throw new KitError('HTTP_STATUS', { params: { status: response.status } })
  return parseGetWalletsResponse(await response.json(), config)
}
