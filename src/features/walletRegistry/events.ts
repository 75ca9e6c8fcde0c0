/**
 * The wallet registry feature's events: page, featured and search requests to `GET /getWallets`
 * and their answers, and the visitor's search text.
 * @module
 */

import * as z from 'zod/mini'
import { registryWalletSchema, serializedKitErrorSchema } from '../../kernel/index.js'
import type { WalletRegistryState } from './slice.js'

/** A wallet search as the visitor typed it, trimmed; longer text is cut (ours). */
const walletQuerySchema = z.string().check(z.maxLength(100))
/** Which registry listing a request is for (§7 `GET /getWallets`). */
export const walletRegistryRequest = {
  /** `page`: the AllWallets list (40 per page); `featured`: the site's featured ids; `search`. */
  kind: z.enum(['page', 'featured', 'search']),
  page: z.number().check(z.int(), z.gte(1)),
  query: z.optional(walletQuerySchema),
}

/** Payload schema of every wallet registry event. */
export const walletRegistryEvents = {
  // failures are silent: the built-in list stays
  'walletRegistry/requested': z.object(walletRegistryRequest),
  'walletRegistry/succeeded': z.object({
    ...walletRegistryRequest,
    /** The registry's total for this listing. */
    count: z.number().check(z.int(), z.gte(0)),
    /** Sanitised wallets (the schema rejects unsafe names and links), at most 100. */
    wallets: z.array(registryWalletSchema).check(z.maxLength(100)),
  }),
  'walletRegistry/failed': z.object({ ...walletRegistryRequest, error: serializedKitErrorSchema }),
  /** The visitor's search text in AllWallets changed. */
  'walletRegistry/searchChanged': z.object({ query: walletQuerySchema }),
} as const

type WalletRegistryPayloads = {
  [TType in keyof typeof walletRegistryEvents]: z.infer<(typeof walletRegistryEvents)[TType]>
}

declare module '../../kernel/index.js' {
  interface FeatureEventPayloads extends WalletRegistryPayloads {}
  interface FeatureStates {
    walletRegistry: WalletRegistryState
  }
}
