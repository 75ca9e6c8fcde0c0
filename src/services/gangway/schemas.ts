/**
 * The wire format of the Gangway server's data service (§7 paths): zod schemas for what goes in
 * and what comes out, shared by the server (which validates both) and the kit's client (which
 * validates every answer). Amounts and prices are decimal strings, never floats.
 * @module
 */
import * as z from 'zod/mini'

/** A CAIP-2 network id as the service accepts it, e.g. `eip155:31337`. */
export const serviceChainIdSchema = z
  .string()
  .check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'Expected a CAIP-2 chain id'))

/** An EVM address (§5: 0x plus 40 hex characters; the service needs the prefix). */
export const serviceAddressSchema = z
  .string()
  .check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Expected an 0x-prefixed 40-hex-character address'))

/**
 * An account whose history the service lists (§9 activity chains): an EVM address or a Solana
 * one. The two never overlap: base58 has no `0`.
 */
export const serviceAccountAddressSchema = z
  .string()
  .check(
    z.regex(
      /^(?:0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/,
      'Expected an EVM or a Solana address',
    ),
  )

/** A non-negative decimal string. */
export const decimalTextSchema = z.string().check(z.regex(/^\d{1,78}(\.\d{1,78})?$/))

/** Query of `GET /v1/account/{address}/history` (§7: account, cursor, chainId). */
export const historyQuerySchema = z.object({
  chainId: z.optional(serviceChainIdSchema),
  cursor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,200}$/, 'Malformed cursor'))),
  limit: z.optional(
    z.string().check(z.regex(/^(?:[1-9]|[1-9]\d|100)$/, 'Expected a limit between 1 and 100')),
  ),
})

/** One transfer of a transaction, as §3 names its fields, plus its direction and token. */
export const serviceTransferSchema = z.object({
  fungible_info: z.object({
    symbol: z.string(),
    /** The token contract (an SPL mint on solana); absent for the native currency. */
    address: z.optional(serviceAccountAddressSchema),
    icon: z.optional(z.object({ url: z.string() })),
  }),
  /** The amount in whole units (`1.5`), decimal text. */
  quantity: z.object({ numeric: decimalTextSchema }),
  direction: z.enum(['in', 'out', 'self']),
})

/**
 * An allowance the account set in a transaction (ERC20 `approve`): the token and what the spender
 * may now take, in whole units; `unlimited` when it is more than any token could hold (2^128 base
 * units or more: the "infinite" approvals wallets and sites ask for).
 */
export const serviceApprovalSchema = z.object({
  fungible_info: z.object({
    symbol: z.string(),
    address: serviceAddressSchema,
    icon: z.optional(z.object({ url: z.string() })),
  }),
  quantity: z.object({ numeric: decimalTextSchema }),
  unlimited: z.optional(z.boolean()),
})

/** One transaction in a history page (§3 Transaction, plus hash and fee). */
export const serviceTransactionSchema = z.object({
  /** The transaction hash (eip155), or its first signature in base58 (solana). */
  id: z.string().check(z.regex(/^(?:0x[0-9a-f]{64}|[1-9A-HJ-NP-Za-km-z]{64,88})$/)),
  metadata: z.object({
    minedAt: z.string(),
    chain: serviceChainIdSchema,
    operationType: z.enum(['send', 'receive', 'approve', 'execute']),
    status: z.enum(['confirmed', 'failed']),
    sentFrom: serviceAccountAddressSchema,
    sentTo: serviceAccountAddressSchema,
    /** What the sender (solana: the fee payer) paid, in whole units of the native currency. */
    fee: decimalTextSchema,
    /** The block number (solana: the slot). */
    blockNumber: z.number().check(z.int(), z.gte(0)),
  }),
  transfers: z.array(serviceTransferSchema),
  /** The allowances it set (an `approve`); absent when none. */
  approvals: z.optional(z.array(serviceApprovalSchema)),
})

/** `GET /v1/account/{address}/history` answer (§7: `data` and `next`). */
export const historyResponseSchema = z.object({
  data: z.array(serviceTransactionSchema),
  next: z.nullable(z.string()),
  /**
   * Whether the address was indexed up to the chain's head when the page was read. `false`: the
   * server is still reading its past, so the page may lack transactions (an empty one does not
   * mean "no activity"); ask again. Absent (a server without it) counts as complete.
   */
  complete: z.optional(z.boolean()),
})

/** One balance of `GET /v1/account/{address}/balance` (§3 token balance, prices as text). */
export const serviceBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: serviceChainIdSchema,
  /** The token contract, or `native`. */
  address: z.string(),
  /** USD price, decimal text; absent when the price source has none. */
  price: z.optional(decimalTextSchema),
  /** USD value of the quantity, decimal text. */
  value: z.optional(decimalTextSchema),
  quantity: z.object({
    decimals: z.string().check(z.regex(/^\d{1,3}$/)),
    numeric: decimalTextSchema,
  }),
  iconUrl: z.optional(z.string()),
})

/** Query of `GET /v1/account/{address}/balance`. */
export const balanceQuerySchema = z.object({ chainId: z.optional(serviceChainIdSchema) })

/** `GET /v1/account/{address}/balance` answer. */
export const balanceResponseSchema = z.object({ balances: z.array(serviceBalanceSchema) })

/** `POST /v1/fungible/price` body: CAIP-10 token ids (`eip155:1:0x…`, or `eip155:1:native`). */
export const priceRequestSchema = z.object({
  currency: z.optional(z.literal('usd')),
  addresses: z.array(z.string().check(z.maxLength(120))).check(z.minLength(1), z.maxLength(100)),
})

/** `POST /v1/fungible/price` answer (§7: fungibles with symbol and price). */
export const priceResponseSchema = z.object({
  fungibles: z.array(
    z.object({
      address: z.string(),
      name: z.string(),
      symbol: z.string(),
      iconUrl: z.optional(z.string()),
      price: decimalTextSchema,
    }),
  ),
})

/** Query of `GET /v1/identity/{address}`. */
export const identityQuerySchema = z.object({ chainId: z.optional(serviceChainIdSchema) })

/** `GET /v1/identity/{address}` answer: the name and avatar, `null` when there is none. */
export const identityResponseSchema = z.object({
  name: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
})

/** `GET /v1/supported-chains` answer. */
export const supportedChainsResponseSchema = z.object({
  http: z.array(serviceChainIdSchema),
  ws: z.array(serviceChainIdSchema),
  chains: z.array(
    z.object({
      id: serviceChainIdSchema,
      name: z.string(),
      explorer: z.nullable(z.string()),
      nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number() }),
    }),
  ),
})

/** Every error the service answers: a stable code and a message for developers. */
export const serviceErrorSchema = z.object({ code: z.string(), message: z.string() })

/** One transaction of a history page. */
export type ServiceTransaction = z.infer<typeof serviceTransactionSchema>
/** A history page. */
export type HistoryResponse = z.infer<typeof historyResponseSchema>
/** A balance answer. */
export type BalanceResponse = z.infer<typeof balanceResponseSchema>
/** A price answer. */
export type PriceResponse = z.infer<typeof priceResponseSchema>
/** An identity answer. */
export type IdentityResponse = z.infer<typeof identityResponseSchema>
/** A supported-chains answer. */
export type SupportedChainsResponse = z.infer<typeof supportedChainsResponseSchema>
/** An error answer. */
export type ServiceError = z.infer<typeof serviceErrorSchema>
