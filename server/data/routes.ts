/**
 * The data service's paths (§7), each checking its input and output against the shared wire
 * schemas: balance, prices, identity, history and supported chains.
 * @module
 */
import { base58 } from '@scure/base'
import { Hono } from 'hono'
import type { PublicClient } from 'viem'
import {
  balanceQuerySchema,
  balanceResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  identityQuerySchema,
  identityResponseSchema,
  priceRequestSchema,
  priceResponseSchema,
  serviceAccountAddressSchema,
  serviceAddressSchema,
  supportedChainsResponseSchema,
} from '../../src/services/gangway/schemas.js'
import type { ServerConfig, TokenConfig } from '../config.js'
import { HttpError, parseInput, readJson, sendChecked, sourceOf } from '../http.js'
import type { Indexer } from '../indexer/indexer.js'
import type { Database } from '../storage/openStorage.js'
import { readBalances } from './balances.js'
import { DEFAULT_PAGE_SIZE, decodeCursor, readHistory } from './history.js'
import type { IdentityResolver } from './identity.js'
import type { PriceSource } from './prices.js'

/** Whether base58 text is 32 bytes, as every Solana address is (§5 allows 32 to 44 characters). */
function isSolanaPublicKey(text: string): boolean {
  try {
    return base58.decode(text).length === 32
  } catch {
    return false
  }
}

/** What the data routes read from. */
export interface DataServiceParts {
  readonly config: ServerConfig
  readonly db: Database
  readonly clients: ReadonlyMap<string, PublicClient>
  readonly prices: PriceSource
  readonly identity: IdentityResolver
  readonly indexer: Indexer
  /** Tokens with a pool on a swap network beyond the configured ones (their balances are read too). */
  readonly pooledTokens?: (chainId: string) => Promise<readonly TokenConfig[]>
}

/**
 * The data service's routes.
 * @param parts - configuration, database, chain clients, prices, identity and indexer.
 * @returns the Hono app to mount at `/`.
 */
export function createDataRoutes(parts: DataServiceParts): Hono {
  const { config } = parts
  const icons = new Map(
    config.tokens.flatMap((token) =>
      token.iconUrl
        ? [[`${token.chainId}:${token.address.toLowerCase()}`, token.iconUrl] as const]
        : [],
    ),
  )
  const app = new Hono()
  /**
   * The chains a request reads: the one it names, or every configured one; with a namespace, only
   * that namespace's (an address is of one namespace).
   */
  const chainsFor = (chainId: string | undefined, namespace?: 'eip155' | 'solana') => {
    if (chainId === undefined) {
      return namespace
        ? config.chains.filter((chain) => chain.id.startsWith(`${namespace}:`))
        : config.chains
    }
    const chain = config.chains.find((entry) => entry.id === chainId)
    if (!chain) throw new HttpError(404, 'CHAIN_NOT_SUPPORTED', `${chainId} is not served here`)
    if (namespace && !chainId.startsWith(`${namespace}:`)) {
      throw new HttpError(400, 'INVALID_REQUEST', `path.address: not an address of ${chainId}`)
    }
    return [chain]
  }
  const addressOf = (text: string) =>
    parseInput(serviceAddressSchema, text, 'path.address') as `0x${string}`

  app.get('/v1/account/:address/balance', async (context) => {
    const address = addressOf(context.req.param('address'))
    const query = parseInput(balanceQuerySchema, context.req.query(), 'query')
    // Balances are read here on eip155 only; a solana account's come from its plugin (0304).
    const chains = chainsFor(query.chainId, 'eip155')
    const pooled = await Promise.all(
      chains.map((chain) => parts.pooledTokens?.(chain.id) ?? Promise.resolve([])),
    )
    const body = await readBalances({
      address,
      chains,
      tokens: [...config.tokens, ...pooled.flat()],
      clients: parts.clients,
      prices: parts.prices,
    })
    return sendChecked(context, balanceResponseSchema, body)
  })

  app.get('/v1/account/:address/history', async (context) => {
    // §9: activity chains are eip155 and solana; an address is one or the other.
    const address = parseInput(
      serviceAccountAddressSchema,
      context.req.param('address'),
      'path.address',
    )
    const isSolana = !address.startsWith('0x')
    if (isSolana && !isSolanaPublicKey(address)) {
      throw new HttpError(400, 'INVALID_REQUEST', 'path.address: not a 32-byte Solana address')
    }
    const query = parseInput(historyQuerySchema, context.req.query(), 'query')
    const chains = chainsFor(query.chainId, isSolana ? 'solana' : 'eip155')
    // Checked before anything is stored: a bad request changes nothing.
    if (query.cursor) decodeCursor(query.cursor)
    // The first request for an address starts following it; the answer waits (bounded) until its
    // past is indexed. A page answered before that says so (`complete: false`, decision 0303), so
    // an empty page means "no activity" only when it is complete.
    const source = sourceOf(context, config.trustedProxies)
    const indexed = await Promise.all(
      chains.map((chain) => parts.indexer.watch(chain.id, address, { source })),
    )
    const body = await readHistory(parts.db, {
      address,
      chains,
      cursor: query.cursor,
      limit: query.limit ? Number(query.limit) : DEFAULT_PAGE_SIZE,
      icons,
    })
    return sendChecked(context, historyResponseSchema, {
      ...body,
      complete: indexed.every(Boolean),
    })
  })

  app.get('/v1/identity/:address', async (context) => {
    const address = addressOf(context.req.param('address'))
    const query = parseInput(identityQuerySchema, context.req.query(), 'query')
    if (query.chainId) chainsFor(query.chainId)
    const body = await parts.identity.resolve(address, query.chainId)
    return sendChecked(context, identityResponseSchema, body)
  })

  app.post('/v1/fungible/price', async (context) => {
    const body = parseInput(priceRequestSchema, await readJson(context), 'body')
    const fungibles = await Promise.all(
      body.addresses.map(async (id) => {
        const match = /^(eip155:\d{1,12}):(native|0x[0-9a-fA-F]{40})$/.exec(id)
        if (!match) {
          throw new HttpError(
            400,
            'INVALID_REQUEST',
            `body.addresses: ${id.slice(0, 120)} is not a CAIP-10 token id`,
          )
        }
        const [, chainId, tokenAddress] = match as unknown as [string, string, string]
        const price = await parts.prices.priceOf(chainId, tokenAddress)
        if (price === undefined) return undefined
        const chain = config.chains.find((entry) => entry.id === chainId)
        const token = [...config.tokens, ...((await parts.pooledTokens?.(chainId)) ?? [])].find(
          (entry) =>
            entry.chainId === chainId && entry.address.toLowerCase() === tokenAddress.toLowerCase(),
        )
        const named =
          tokenAddress === 'native'
            ? chain?.nativeCurrency
            : token
              ? { name: token.name, symbol: token.symbol }
              : undefined
        return {
          address: id,
          name: named?.name ?? tokenAddress,
          symbol: named?.symbol ?? '?',
          ...(token?.iconUrl ? { iconUrl: token.iconUrl } : {}),
          price,
        }
      }),
    )
    return sendChecked(context, priceResponseSchema, {
      fungibles: fungibles.filter((entry) => entry !== undefined),
    })
  })

  app.get('/v1/supported-chains', (context) =>
    sendChecked(context, supportedChainsResponseSchema, {
      http: config.chains.map((chain) => chain.id),
      ws: [],
      chains: config.chains.map((chain) => ({
        id: chain.id,
        name: chain.name,
        explorer: chain.explorer ?? null,
        nativeCurrency: chain.nativeCurrency,
      })),
    }),
  )
  return app
}
