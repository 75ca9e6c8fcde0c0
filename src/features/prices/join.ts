/**
 * The data service's part of a balance read (decision 0306): with a `serviceUrl`, what the plugin
 * read from the chain is joined by the service's prices, values and icons, and by the tokens the
 * service knows the account holds that the plugin does not read (tokens swapped into).
 * @module
 */
import {
  type BalanceJoin,
  type BalanceResult,
  multiplyDecimals,
  TIMINGS,
  type TokenBalance,
  toSafeImageUrl,
} from '../../kernel/index.js'
import { serviceBalanceSchema } from '../../services/gangway/schemas.js'
import { SERVICE_BALANCE_NAMESPACES } from './constants.js'

/** USD values keep cents. */
const USD_PLACES = 2

/** Entries of one answer the kit looks at; the rest is ignored. */
const MAX_ENTRIES = 200

/** A service entry's token address as the kit writes it. */
const addressKey = (address: string, nativeTokenAddress: string) =>
  (address === 'native' ? nativeTokenAddress : address).toLowerCase()

/**
 * Joins the plugin's balances with the data service's: each token the plugin read gets the
 * service's price (its value is the plugin's quantity at that price, so the two never disagree),
 * icon where it is a safe image URL, and the tokens only the service lists are added. Each entry
 * of the service's answer is checked on its own; a bad one is dropped, and a service that fails or
 * does not answer within the §9 read budget leaves the plugin's read as it is.
 * @internal
 */
export const joinServiceBalances: BalanceJoin = async (result, query, context, signal) => {
  const { env } = context
  const serviceUrl = context.getState().options.serviceUrl
  if (
    !serviceUrl ||
    !env.fetch ||
    !SERVICE_BALANCE_NAMESPACES.includes(query.namespace) ||
    signal.aborted
  ) {
    return result
  }
  const controller = new AbortController()
  const abort = () => controller.abort()
  signal.addEventListener('abort', abort, { once: true })
  const timer = env.scheduler.schedule(abort, TIMINGS.rpcHttpTimeoutMs)
  let body: unknown
  try {
    const url = `${serviceUrl.replace(/\/+$/, '')}/v1/account/${encodeURIComponent(query.address)}/balance?chainId=${encodeURIComponent(query.networkId)}`
    const response = await env.fetch(url, {
      headers: { accept: 'application/json' },
      signal: controller.signal,
    })
    if (!response.ok) return result
    body = await response.json()
  } catch {
    // No prices this time: the balances the chain gave are still right.
    return result
  } finally {
    timer.unsubscribe()
    signal.removeEventListener('abort', abort)
  }
  const entries = (body as { balances?: unknown } | null)?.balances
  if (!Array.isArray(entries)) return result
  const served = new Map<string, TokenBalance>()
  for (const entry of entries.slice(0, MAX_ENTRIES)) {
    const parsed = serviceBalanceSchema.safeParse(entry)
    if (!parsed.success || parsed.data.chainId !== query.networkId) continue
    const item = parsed.data
    const icon = toSafeImageUrl(item.iconUrl)
    const address = item.address === 'native' ? query.nativeTokenAddress : item.address
    served.set(addressKey(item.address, query.nativeTokenAddress), {
      name: item.name,
      symbol: item.symbol,
      chainId: query.networkId,
      address,
      price: 0,
      quantity: { decimals: item.quantity.decimals, numeric: item.quantity.numeric },
      ...(icon ? { iconUrl: icon } : {}),
      ...(item.price === undefined ? {} : { usdPrice: item.price }),
    })
  }
  const priced = (token: TokenBalance, from: TokenBalance | undefined): TokenBalance => {
    const usdPrice = from?.usdPrice
    const iconUrl = toSafeImageUrl(token.iconUrl) ?? from?.iconUrl
    const usdValue =
      usdPrice === undefined
        ? undefined
        : multiplyDecimals(token.quantity.numeric, usdPrice, USD_PLACES)
    return {
      ...token,
      ...(iconUrl ? { iconUrl } : {}),
      ...(usdPrice === undefined ? {} : { usdPrice }),
      ...(usdValue === undefined ? {} : { usdValue }),
    }
  }
  const read = new Set(
    result.tokens.map((token) => addressKey(token.address, query.nativeTokenAddress)),
  )
  const tokens = [
    ...result.tokens.map((token) =>
      priced(token, served.get(addressKey(token.address, query.nativeTokenAddress))),
    ),
    ...[...served.entries()]
      .filter(([key]) => !read.has(key))
      .map(([, token]) => priced(token, token)),
  ]
  return { ...result, tokens } satisfies BalanceResult
}
