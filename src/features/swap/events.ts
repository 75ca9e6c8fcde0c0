/**
 * The swap feature's events (§4 swap flow): the form as the visitor fills it, and four operations,
 * each a `requested` → `succeeded` | `failed` triple: initialization (tokens, balances, network
 * price), the quote, the preparation (allowance, then the approval or the swap transaction) and
 * the transaction sent through the wallet. Amounts and USD prices are decimal text.
 * @module
 */

import * as z from 'zod/mini'
import {
  caipAddressShapeSchema,
  caipNetworkIdSchema,
  decimalStringSchema,
  namespaceSchema,
  preparedTransactionSchema,
  serializedKitErrorSchema,
  tokenBalanceSchema,
  tokenInfoSchema,
} from '../../kernel/index.js'
import type { swapErrors } from './errors.js'
import { isValidSlippage } from './rules.js'
import type { SwapState } from './slice.js'

const side = z.enum(['source', 'to'])
/** An address as the chain plugin decoded it. */
const address = z.string().check(z.minLength(1), z.maxLength(100))
const transactionKind = z.enum(['approval', 'swap'])
/** Who asks, on which network. */
const target = {
  namespace: namespaceSchema,
  networkId: caipNetworkIdSchema,
  caipAddress: caipAddressShapeSchema,
}
/** A swap the form describes: two tokens and the amount given, in whole units. */
const form = {
  ...target,
  from: tokenInfoSchema,
  to: tokenInfoSchema,
  amount: decimalStringSchema,
}
const failed = z.object({ error: serializedKitErrorSchema })

/** Payload schema of every swap event. */
export const swapEvents = {
  'swap/initialization/requested': z.object(target),
  'swap/initialization/succeeded': z.object({
    networkId: caipNetworkIdSchema,
    tokens: z.array(tokenInfoSchema),
    /** §9's suggested symbols among the tokens, in that list's order. */
    suggestedTokens: z.array(tokenInfoSchema),
    /** The other tokens, in the server's order. */
    popularTokens: z.array(tokenInfoSchema),
    myTokensWithBalance: z.array(tokenBalanceSchema),
    /** The native token: §4's default source. */
    sourceToken: tokenInfoSchema,
    /** USD price of the native currency; `0` when it could not be read. */
    networkPrice: decimalStringSchema,
    networkBalanceInUSD: decimalStringSchema,
  }),
  'swap/initialization/failed': failed,
  /** The token picker opened for one side. */
  'swap/pickerOpened': z.object({ side }),
  'swap/tokenSelected': z.object({ side, token: tokenInfoSchema }),
  'swap/amountChanged': z.object({ amount: z.string().check(z.maxLength(100)) }),
  /** The visitor pressed Max: the amount becomes the most the account can swap of the source. */
  'swap/maxRequested': z.object({}),
  /** The visitor set the slippage the swap tolerates, in percent (checked: above 0, at most 50). */
  'swap/slippageChanged': z.object({
    slippage: z.string().check(z.refine((value) => isValidSlippage(value))),
  }),
  'swap/tokensSwitched': z.object({}),
  'swap/quote/requested': z.object(form),
  'swap/quote/succeeded': z.object({
    from: tokenInfoSchema,
    to: tokenInfoSchema,
    amount: decimalStringSchema,
    /** What the visitor receives, whole units of `to` (exact). */
    toAmount: decimalStringSchema,
    /** The provider fee taken from the input, whole units of `from`, and in percent. */
    providerFeeAmount: decimalStringSchema,
    providerFee: decimalStringSchema,
    /** Percent below the pools' mid price. */
    priceImpact: decimalStringSchema,
    sourceTokenPriceInUSD: decimalStringSchema,
    toTokenPriceInUSD: decimalStringSchema,
    /** Expected network cost in whole units of the native currency, and in USD. */
    gasFee: decimalStringSchema,
    gasPriceInUSD: decimalStringSchema,
  }),
  'swap/quote/failed': failed,
  'swap/preparation/requested': z.object(form),
  'swap/preparation/succeeded': z.object({
    kind: transactionKind,
    transaction: preparedTransactionSchema,
    /**
     * For a swap: the least it pays before it reverts, whole units, read from the call data (at
     * least the quote less the slippage).
     */
    minimumReceived: z.optional(decimalStringSchema),
    /**
     * What the kit read from the call data and checked against the visitor's request and the
     * site's router (docs/decisions/0402): the contract called, what it spends (whole units of
     * the source token), and who receives a swap's output or may spend an approval.
     */
    checked: z.object({
      contract: address,
      amountIn: decimalStringSchema,
      recipient: z.optional(address),
      spender: z.optional(address),
    }),
    /** The transaction's network cost, whole units of the native currency, and in USD. */
    gasFee: decimalStringSchema,
    gasPriceInUSD: decimalStringSchema,
  }),
  'swap/preparation/failed': failed,
  'swap/transaction/requested': z.object({
    ...target,
    kind: transactionKind,
    transaction: preparedTransactionSchema,
  }),
  /** The wallet sent the transaction: its hash is known, its receipt is awaited. */
  'swap/transaction/sent': z.object({
    namespace: namespaceSchema,
    networkId: caipNetworkIdSchema,
    kind: transactionKind,
    hash: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
  'swap/transaction/succeeded': z.object({
    namespace: namespaceSchema,
    kind: transactionKind,
    hash: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
  'swap/transaction/failed': z.object({
    namespace: namespaceSchema,
    kind: transactionKind,
    error: serializedKitErrorSchema,
  }),
  'swap/reset': z.object({}),
} as const

type SwapPayloads = { [TType in keyof typeof swapEvents]: z.infer<(typeof swapEvents)[TType]> }

declare module '../../kernel/index.js' {
  interface FeatureEventPayloads extends SwapPayloads {}
  interface FeatureStates {
    swap: SwapState
  }
  interface FeatureErrorCodes extends Record<keyof typeof swapErrors.entries, true> {}
}
