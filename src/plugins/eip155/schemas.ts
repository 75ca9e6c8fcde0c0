/**
 * Zod schemas for EVM (`eip155`) addresses and network ids.
 * @module
 */
import * as z from 'zod/mini'
import type { CaipNetworkId } from '../../kernel/index.js'

/**
 * §5 EVM address: an optional `0x` prefix plus 40 hex characters. Any letter case passes; the
 * EIP-55 checksum is not required.
 * @example
 * import { eip155AddressSchema } from '@gangway/kit/eip155'
 * eip155AddressSchema.safeParse('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb').success // true
 */
export const eip155AddressSchema = z
  .string()
  .check(z.regex(/^(0x)?[0-9a-fA-F]{40}$/, { error: 'Invalid EVM address' }))

/**
 * A CAIP-2 EVM network id: `eip155:` followed by a positive decimal chain id without leading zeros.
 * @example
 * import { eip155NetworkIdSchema } from '@gangway/kit/eip155'
 * eip155NetworkIdSchema.safeParse('eip155:8453').success // true
 */
export const eip155NetworkIdSchema = z.custom<CaipNetworkId<'eip155'>>(
  (value) => typeof value === 'string' && /^eip155:[1-9][0-9]*$/.test(value),
  { error: 'Invalid EVM network id' },
)
