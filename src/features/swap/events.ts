/**
 * The swap feature's events (§4 swap flow). Its effects and views come with issue #14.
 * @module
 */
import * as z from 'zod/mini'
import {
  decimalStringSchema,
  preparedTransactionSchema,
  serializedKitErrorSchema,
  tokenBalanceSchema,
  tokenInfoSchema,
} from '../../kernel/index.js'

/** Payload schema of every swap event. */
export const swapEvents = {
  'swap/initialized': z.object({
    tokens: z.array(tokenInfoSchema),
    popularTokens: z.array(tokenInfoSchema),
    suggestedTokens: z.array(tokenInfoSchema),
    myTokensWithBalance: z.array(tokenBalanceSchema),
    sourceToken: z.nullable(tokenInfoSchema),
    networkPrice: z.number(),
    networkBalanceInUSD: z.number(),
  }),
  'swap/tokenSelected': z.object({ side: z.enum(['source', 'to']), token: tokenInfoSchema }),
  'swap/amountChanged': z.object({ amount: z.string() }),
  'swap/tokensSwitched': z.object({}),
  'swap/quoteReceived': z.object({
    toAmount: decimalStringSchema,
    sourceTokenPriceInUSD: z.number(),
    toTokenPriceInUSD: z.number(),
    gasFee: decimalStringSchema,
    gasPriceInUSD: z.number(),
    priceImpact: z.number(),
  }),
  'swap/transactionPrepared': z.object({
    kind: z.enum(['approval', 'swap']),
    transaction: preparedTransactionSchema,
  }),
  'swap/failed': z.object({ error: serializedKitErrorSchema }),
  'swap/reset': z.object({}),
} as const

type SwapPayloads = { [TType in keyof typeof swapEvents]: z.infer<(typeof swapEvents)[TType]> }

declare module '../../kernel/index.js' {
  interface FeatureEventPayloads extends SwapPayloads {}
}
