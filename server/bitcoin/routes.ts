/**
 * The Esplora-shaped API over the configured Bitcoin regtest nodes (issue 25): the same paths a
 * real Esplora or mempool instance answers (address stats and UTXOs, fee estimates, tip height, a
 * transaction's status and hex, `POST /tx`), so the kit's bip122 plugin reads the server's local
 * node and a public instance alike, by URL only.
 * @module
 */
import { Hono } from 'hono'
import { createEsploraApi, type EsploraApi } from '../../src/testing/bip122/createEsploraApi.js'
import type { ServerConfig } from '../config.js'
import {
  createSourceBudget,
  HttpError,
  MAX_BODY_BYTES,
  rateLimited,
  readBounded,
  sourceOf,
} from '../http.js'

/** Where a node's API is served: `/v1/bip122/{reference}/esplora`. */
export const esploraPathOf = (networkId: string): string =>
  `/v1/bip122/${networkId.slice('bip122:'.length)}/esplora`

/**
 * The routes of every configured node.
 * @param config - the configuration (`bitcoin.nodes`, budgets, trusted proxies).
 * @param now - the clock of the request budget.
 * @returns the Hono app to mount at `/`.
 */
export function createBitcoinRoutes(config: ServerConfig, now: () => number = Date.now): Hono {
  const apis = new Map<string, EsploraApi>()
  for (const node of config.bitcoin.nodes) {
    apis.set(
      node.id.slice('bip122:'.length),
      createEsploraApi({
        rpc: { url: node.rpcUrl, user: node.rpcUser, password: node.rpcPassword },
        ...(node.fallbackFeeRates
          ? {
              fallbackFeeRates: Object.fromEntries(
                Object.entries(node.fallbackFeeRates).map(([target, rate]) => [
                  Number(target),
                  rate,
                ]),
              ),
            }
          : {}),
      }),
    )
  }
  // Each request may read the node several times: one source cannot keep it busy for everyone.
  const budget = createSourceBudget({
    perHour: config.bitcoin.requestsPerSourcePerHour,
    burst: config.bitcoin.requestBurstPerSource,
    now,
  })
  const app = new Hono()
  app.on(['GET', 'POST'], '/v1/bip122/:reference/esplora/*', async (context) => {
    const reference = context.req.param('reference')
    const api = apis.get(reference)
    if (!api)
      throw new HttpError(
        404,
        'NETWORK_NOT_FOUND',
        `No Bitcoin node for bip122:${reference.slice(0, 32)}`,
      )
    const wait = budget.take(sourceOf(context, config.trustedProxies))
    if (wait > 0) throw rateLimited('Bitcoin node reads', wait)
    const path = context.req.path.slice(`/v1/bip122/${reference}/esplora`.length)
    let body: string | undefined
    if (context.req.method === 'POST') {
      // Bounded like every body (64 KiB): ample for the transactions a site's visitors send.
      body = new TextDecoder().decode(await readBounded(context, MAX_BODY_BYTES)).trim()
      if (!/^[0-9a-fA-F]*$/.test(body))
        throw new HttpError(400, 'INVALID_REQUEST', 'POST /tx takes a raw transaction in hex')
    }
    const answer = await api.handle(context.req.method, path, body)
    return context.body(answer.body, answer.status as 200, { 'content-type': answer.contentType })
  })
  return app
}
