/**
 * The kit's client of the Gangway server's convert API (§7 `/v1/convert/*`) and its token prices
 * (`POST /v1/fungible/price`): what the swap feature asks. Every answer is checked by its schema.
 * @module
 */
import type { FetchLike } from '../../kernel/index.js'
import {
  type ConvertBuiltSwap,
  type ConvertGasPrice,
  type ConvertQuote,
  type ConvertToken,
  type ConvertTransaction,
  convertAllowanceResponseSchema,
  convertBuildApproveResponseSchema,
  convertBuildTransactionResponseSchema,
  convertErrors,
  convertGasPriceResponseSchema,
  convertQuotesResponseSchema,
  convertTokensResponseSchema,
} from './convertSchemas.js'
import { createServiceCall } from './http.js'
import { type PriceResponse, priceResponseSchema } from './schemas.js'

/** A swap between two tokens for an account: CAIP-10 ids and base units. */
export interface ConvertRequest {
  /** The visitor's account, CAIP-10. */
  readonly userAddress: string
  /** The token given, CAIP-10. */
  readonly from: string
  /** The token received, CAIP-10. */
  readonly to: string
  /** What is given, base units of `from`. */
  readonly amount: string
}

/** The client returned by {@link createConvertClient}. */
export interface ConvertClient {
  /** The tokens the swap lists on a network. */
  getTokens(chainId: string, signal: AbortSignal): Promise<readonly ConvertToken[]>
  /** The best quote for a swap (§7: `quotes[0]`). */
  getQuote(
    request: ConvertRequest & { readonly gasPrice?: string },
    signal: AbortSignal,
  ): Promise<ConvertQuote>
  /** What the swap contract may spend of a token for an account, base units. */
  getAllowance(
    query: { readonly tokenAddress: string; readonly userAddress: string },
    signal: AbortSignal,
  ): Promise<string>
  /** Gas prices of a network (standard, fast, instant), base units. */
  getGasPrice(chainId: string, signal: AbortSignal): Promise<ConvertGasPrice>
  /** The approval transaction for a swap's input. */
  buildApprove(request: ConvertRequest, signal: AbortSignal): Promise<ConvertTransaction>
  /** The swap transaction, its minimum output derived from the slippage (percent). */
  buildTransaction(
    request: ConvertRequest & { readonly slippagePercent: string },
    signal: AbortSignal,
  ): Promise<ConvertBuiltSwap>
  /** USD prices of CAIP-10 token ids (`eip155:1:native` or `eip155:1:0x…`). */
  getPrices(addresses: readonly string[], signal: AbortSignal): Promise<PriceResponse>
}

/**
 * Creates a client of the convert API.
 * @example
 * import { createConvertClient } from '@gangway/kit/services'
 * const convert = createConvertClient({ baseUrl: 'http://127.0.0.1:8787' })
 * const quote = await convert.getQuote({ userAddress, from, to, amount: '1000000' }, signal)
 * quote.toAmount // base units of `to`
 * @param parameters - the server's base URL and `fetch`.
 * @returns the client.
 * @throws SWAP_NETWORK_UNSUPPORTED or GAS_PRICE_NETWORK_UNSUPPORTED when the server does not serve
 * the network; HTTP_STATUS ('HTTP status code: N'); UNKNOWN_ERROR (unreachable, or an answer
 * that fails its schema); an aborted call rejects with the abort's reason.
 * @see /docs/swap.md
 */
export function createConvertClient(parameters: {
  readonly baseUrl: string
  readonly fetch?: FetchLike
}): ConvertClient {
  const call = createServiceCall(
    parameters.baseUrl,
    parameters.fetch,
    'Gangway server',
    convertErrors.entries,
  )
  const query = (values: Record<string, string | undefined>) => {
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(values))
      if (value !== undefined) search.set(key, value)
    return search.toString()
  }
  return {
    getTokens: async (chainId, signal) =>
      (await call(`/v1/convert/tokens?${query({ chainId })}`, convertTokensResponseSchema, signal))
        .tokens,
    getQuote: async (request, signal) => {
      const { quotes } = await call(
        `/v1/convert/quotes?${query({ ...request })}`,
        convertQuotesResponseSchema,
        signal,
      )
      return quotes[0]!
    },
    getAllowance: async (request, signal) =>
      (
        await call(
          `/v1/convert/allowance?${query({ ...request })}`,
          convertAllowanceResponseSchema,
          signal,
        )
      ).allowance,
    getGasPrice: (chainId, signal) =>
      call(`/v1/convert/gas-price?${query({ chainId })}`, convertGasPriceResponseSchema, signal),
    buildApprove: async (request, signal) =>
      (
        await call(
          `/v1/convert/build-approve?${query({ ...request })}`,
          convertBuildApproveResponseSchema,
          signal,
        )
      ).tx,
    buildTransaction: (request, signal) =>
      call('/v1/convert/build-transaction', convertBuildTransactionResponseSchema, signal, {
        userAddress: request.userAddress,
        from: request.from,
        to: request.to,
        amount: request.amount,
        eip155: { slippage: request.slippagePercent },
      }),
    getPrices: (addresses, signal) =>
      call('/v1/fungible/price', priceResponseSchema, signal, {
        currency: 'usd',
        addresses: [...addresses],
      }),
  }
}
