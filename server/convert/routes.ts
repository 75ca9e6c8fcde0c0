/**
 * The convert API's paths (§7): `GET /v1/convert/tokens`, `quotes`, `allowance`, `gas-price`,
 * `build-approve` and `POST /v1/convert/build-transaction`, each checking its input and its
 * answer against the shared wire schemas. Only §9's swap networks and the operator's local one are
 * served; others answer 404 `SWAP_NETWORK_UNSUPPORTED` ('Network not supported for Swaps') or, for
 * gas prices, `GAS_PRICE_NETWORK_UNSUPPORTED` ('Network not supported for Gas Price').
 * @module
 */
import { Hono } from 'hono'
import {
  convertAllowanceQuerySchema,
  convertAllowanceResponseSchema,
  convertBuildApproveQuerySchema,
  convertBuildApproveResponseSchema,
  convertBuildTransactionBodySchema,
  convertBuildTransactionResponseSchema,
  convertChainQuerySchema,
  convertGasPriceResponseSchema,
  convertQuoteQuerySchema,
  convertQuotesResponseSchema,
  convertTokensResponseSchema,
} from '../../src/services/gangway/convertSchemas.js'
import { parseInput, readJson, sendChecked } from '../http.js'
import type { ConvertService } from './service.js'

/**
 * The convert routes.
 * @param service - the convert logic over the configured swap networks.
 * @returns the Hono app to mount at `/`.
 */
export function createConvertRoutes(service: ConvertService): Hono {
  const app = new Hono()

  app.get('/v1/convert/tokens', async (context) => {
    const { chainId } = parseInput(convertChainQuerySchema, context.req.query(), 'query')
    return sendChecked(context, convertTokensResponseSchema, {
      tokens: await service.tokens(chainId),
    })
  })

  app.get('/v1/convert/quotes', async (context) => {
    const query = parseInput(convertQuoteQuerySchema, context.req.query(), 'query')
    return sendChecked(context, convertQuotesResponseSchema, {
      quotes: [await service.quote(query)],
    })
  })

  app.get('/v1/convert/allowance', async (context) => {
    const query = parseInput(convertAllowanceQuerySchema, context.req.query(), 'query')
    return sendChecked(context, convertAllowanceResponseSchema, {
      allowance: await service.allowance(query.tokenAddress, query.userAddress),
    })
  })

  app.get('/v1/convert/gas-price', async (context) => {
    const { chainId } = parseInput(convertChainQuerySchema, context.req.query(), 'query')
    return sendChecked(context, convertGasPriceResponseSchema, await service.gasPrice(chainId))
  })

  app.get('/v1/convert/build-approve', async (context) => {
    const query = parseInput(convertBuildApproveQuerySchema, context.req.query(), 'query')
    return sendChecked(context, convertBuildApproveResponseSchema, {
      tx: await service.buildApprove(query),
    })
  })

  app.post('/v1/convert/build-transaction', async (context) => {
    const body = parseInput(convertBuildTransactionBodySchema, await readJson(context), 'body')
    return sendChecked(
      context,
      convertBuildTransactionResponseSchema,
      await service.buildTransaction({ ...body, slippage: body.eip155?.slippage }),
    )
  })
  return app
}
