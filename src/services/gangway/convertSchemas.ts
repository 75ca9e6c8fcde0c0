/**
 * The wire format of the Gangway server's convert API (§7 `/v1/convert/*`): zod schemas shared by
 * the server (which checks what comes in and goes out) and the kit's swap feature (which checks
 * every answer). Tokens and accounts are CAIP-10 ids (`eip155:1:0x…`; the native currency is
 * `eip155:1:0xeeee…eeee`); amounts are base units as integer text, never floats.
 * @module
 */
import * as z from 'zod/mini'
import { defineErrorCodes } from '../../kernel/index.js'
import { serviceChainIdSchema } from './schemas.js'

/** The address that stands for the native currency in token ids (the eip155 plugin's too). */
/**
 * The convert API's errors that are kit codes too (§8 thrown errors): the server answers them, and
 * the client raises them as they are.
 */
export const convertErrors = defineErrorCodes({
  SWAP_NETWORK_UNSUPPORTED: { surface: 'thrown', userMessage: 'Network not supported for Swaps' },
  GAS_PRICE_NETWORK_UNSUPPORTED: {
    surface: 'thrown',
    userMessage: 'Network not supported for Gas Price',
  },
  // Ours: §8 has no words for a pair no pool path connects, and 'HTTP status code: 404' tells a
  // visitor nothing.
  SWAP_NO_ROUTE: {
    surface: 'thrown',
    userMessage: 'No swap route between these tokens',
    shortMessage: 'No pool path connects the two tokens.',
  },
})

export const CONVERT_NATIVE_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** A CAIP-10 id of an eip155 token or account: `eip155:<chain>:0x<40 hex>`. */
export const convertAccountSchema = z
  .string()
  .check(z.regex(/^eip155:\d{1,12}:0x[0-9a-fA-F]{40}$/, 'Expected a CAIP-10 id like eip155:1:0x…'))

/** Base units: a non-negative integer as text (at most 78 digits, a uint256). */
export const baseUnitsSchema = z
  .string()
  .check(z.regex(/^\d{1,78}$/, 'Expected base units as integer text'))

/** A positive amount in base units. */
const positiveBaseUnitsSchema = baseUnitsSchema.check(
  z.refine((value) => /[1-9]/.test(value), { error: 'Expected an amount above 0' }),
)

/** A percentage as decimal text (`'1'`, `'0.5'`): slippage, fees, price impact. */
export const percentTextSchema = z
  .string()
  .check(z.regex(/^\d{1,3}(\.\d{1,6})?$/, 'Expected a percentage as decimal text'))

/** Query of `GET /v1/convert/tokens` and `GET /v1/convert/gas-price`. */
export const convertChainQuerySchema = z.object({ chainId: serviceChainIdSchema })

/** One token the swap lists. */
export const convertTokenSchema = z.object({
  name: z.string().check(z.maxLength(64)),
  symbol: z.string().check(z.maxLength(16)),
  /** CAIP-10 id of the token (the native currency's is `…:0xeeee…eeee`). */
  address: convertAccountSchema,
  decimals: z.number().check(z.int(), z.gte(0), z.lte(36)),
  logoUri: z.optional(z.string()),
})

/** `GET /v1/convert/tokens` answer: the configured tokens and every token with a pool. */
export const convertTokensResponseSchema = z.object({ tokens: z.array(convertTokenSchema) })

/** Query of `GET /v1/convert/quotes` (§7: userAddress, from, to, gasPrice, amount). */
export const convertQuoteQuerySchema = z.object({
  userAddress: convertAccountSchema,
  from: convertAccountSchema,
  to: convertAccountSchema,
  /** What the visitor gives, base units of `from`. */
  amount: positiveBaseUnitsSchema,
  /** The gas price the visitor will pay, base units (wei); the server's `standard` when omitted. */
  gasPrice: z.optional(baseUnitsSchema),
})

/** One quote: what the router pays for the amount along the best path over the pools. */
export const convertQuoteSchema = z.object({
  fromAccount: convertAccountSchema,
  toAccount: convertAccountSchema,
  fromAmount: baseUnitsSchema,
  /** What the visitor receives, base units of `to` (§7: `quotes[0].toAmount`). */
  toAmount: baseUnitsSchema,
  /** The pools' path, token addresses (WETH for the native side). */
  path: z.array(z.string()),
  /** The provider fee (§9), taken once from the input. */
  fee: z.object({
    /** Base units of `from`. */
    amount: baseUnitsSchema,
    /** The fee in percent (`'0.85'`). */
    percent: percentTextSchema,
  }),
  /** How much worse than the pools' mid price the swap pays, in percent. */
  priceImpact: percentTextSchema,
  /** Gas the swap is expected to use, units. */
  gas: baseUnitsSchema,
  /** The gas price the quote assumed, base units. */
  gasPrice: baseUnitsSchema,
})

/** `GET /v1/convert/quotes` answer. */
export const convertQuotesResponseSchema = z.object({
  quotes: z.array(convertQuoteSchema).check(z.minLength(1)),
})

/** Query of `GET /v1/convert/allowance`. */
export const convertAllowanceQuerySchema = z.object({
  tokenAddress: convertAccountSchema,
  userAddress: convertAccountSchema,
})

/** `GET /v1/convert/allowance` answer: what the swap contract may spend, base units. */
export const convertAllowanceResponseSchema = z.object({ allowance: baseUnitsSchema })

/** `GET /v1/convert/gas-price` answer: base units (wei) per gas, from the node's fee history. */
export const convertGasPriceResponseSchema = z.object({
  standard: baseUnitsSchema,
  fast: baseUnitsSchema,
  instant: baseUnitsSchema,
})

/** Query of `GET /v1/convert/build-approve`. */
export const convertBuildApproveQuerySchema = z.object({
  userAddress: convertAccountSchema,
  from: convertAccountSchema,
  to: convertAccountSchema,
  amount: positiveBaseUnitsSchema,
})

/** Body of `POST /v1/convert/build-transaction`. */
export const convertBuildTransactionBodySchema = z.object({
  userAddress: convertAccountSchema,
  from: convertAccountSchema,
  to: convertAccountSchema,
  amount: positiveBaseUnitsSchema,
  /** The tolerated slippage in percent (§9: 1); the minimum output is derived from it. */
  eip155: z.optional(z.object({ slippage: z.optional(percentTextSchema) })),
})

/** A transaction the server built (§7: `tx: to, from, data, value, eip155.gas, eip155.gasPrice`). */
export const convertTransactionSchema = z.object({
  from: convertAccountSchema,
  to: convertAccountSchema,
  data: z.string().check(z.regex(/^0x[0-9a-fA-F]*$/)),
  value: baseUnitsSchema,
  eip155: z.object({ gas: baseUnitsSchema, gasPrice: baseUnitsSchema }),
})

/** `GET /v1/convert/build-approve` answer. */
export const convertBuildApproveResponseSchema = z.object({ tx: convertTransactionSchema })

/** `POST /v1/convert/build-transaction` answer: the transaction and the quote it was built on. */
export const convertBuildTransactionResponseSchema = z.object({
  tx: convertTransactionSchema,
  /** What the swap pays at the price it was built on, base units of `to`. */
  toAmount: baseUnitsSchema,
  /** The least it may pay before it reverts: `toAmount` less the slippage. */
  minimumToAmount: baseUnitsSchema,
})

/** A token the swap lists. */
export type ConvertToken = z.infer<typeof convertTokenSchema>
/** A quote. */
export type ConvertQuote = z.infer<typeof convertQuoteSchema>
/** A built transaction. */
export type ConvertTransaction = z.infer<typeof convertTransactionSchema>
/** Gas prices. */
export type ConvertGasPrice = z.infer<typeof convertGasPriceResponseSchema>
/** A built swap. */
export type ConvertBuiltSwap = z.infer<typeof convertBuildTransactionResponseSchema>
