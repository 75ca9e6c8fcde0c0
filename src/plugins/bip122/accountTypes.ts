/**
 * §6 account types of the `bip122` namespace.
 * @module
 */
import type { AccountType } from '../../kernel/index.js'

/**
 * §6 Bitcoin account types: a payment address by default, and an ordinals (taproot) address.
 * @example
 * import { bip122AccountTypes } from '@gangway/kit/bip122'
 * bip122AccountTypes.default // 'payment'
 */
export const bip122AccountTypes = Object.freeze({
  default: 'payment',
  supported: Object.freeze(['payment', 'ordinals'] as const),
}) satisfies { readonly default: AccountType; readonly supported: readonly AccountType[] }
