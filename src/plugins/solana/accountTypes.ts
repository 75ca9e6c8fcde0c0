/**
 * §6 account types of the `solana` namespace.
 * @module
 */
import type { AccountType } from '../../kernel/index.js'

/**
 * §6 Solana account types: externally owned accounts only.
 * @example
 * import { solanaAccountTypes } from '@gangway/kit/solana'
 * solanaAccountTypes.default // 'eoa'
 */
export const solanaAccountTypes = Object.freeze({
  default: 'eoa',
  supported: Object.freeze(['eoa'] as const),
}) satisfies { readonly default: AccountType; readonly supported: readonly AccountType[] }
