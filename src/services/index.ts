/**
 * `@gangway/kit/services`: clients of the remote services a kit may use. Today the Gangway server's
 * data service (§7 paths; see docs/server.md): history, balances, identity, prices and the
 * networks it serves, and its convert API (swap tokens, quotes, allowances, gas prices, approval
 * and swap transactions), with the wire schemas the server itself validates against.
 * @module @gangway/kit/services
 */
export {
  type ConvertBuiltSwap,
  type ConvertGasPrice,
  type ConvertQuote,
  type ConvertToken,
  type ConvertTransaction,
  convertBuildTransactionResponseSchema,
  convertQuotesResponseSchema,
  convertTokensResponseSchema,
  convertTransactionSchema,
} from './gangway/convertSchemas.js'
export {
  type ConvertClient,
  type ConvertRequest,
  createConvertClient,
} from './gangway/createConvertClient.js'
export {
  type AccountQuery,
  createServiceClient,
  type ServiceClient,
  type ServiceClientParameters,
  type ServiceFetch,
} from './gangway/createServiceClient.js'
export {
  type BalanceResponse,
  balanceResponseSchema,
  type HistoryResponse,
  historyResponseSchema,
  type IdentityResponse,
  identityResponseSchema,
  type PriceResponse,
  priceRequestSchema,
  priceResponseSchema,
  type ServiceError,
  type ServiceTransaction,
  type SupportedChainsResponse,
  serviceErrorSchema,
  serviceTransactionSchema,
  supportedChainsResponseSchema,
} from './gangway/schemas.js'
