/**
 * Zod schemas for Solana addresses.
 * @module
 */
import * as z from 'zod/mini'

/**
 * §5 Solana address: 32 to 44 base58 characters (the bitcoin alphabet, without `0`, `O`, `I` and
 * `l`). The shape only: whether the characters decode to a 32-byte key is not checked.
 * @example
 * import { solanaAddressSchema } from 'gangway/solana'
 * solanaAddressSchema.safeParse('So11111111111111111111111111111111111111112').success // true
 */
export const solanaAddressSchema = z
  .string()
  .check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, { error: 'Invalid Solana address' }))
