/**
 * `gangway/services`: clients of the remote services a kit may use. Today the Gangway server's
 * data service (§7 paths; see docs/server.md): history, balances, identity, prices and the
 * networks it serves, with the wire schemas the server itself validates against.
 * @module gangway/services
 */
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
