/**
 * §6 account types of the `polkadot` namespace.
 * @module
 */
import type { AccountType } from '../../kernel/index.js'

/**
 * §6 Polkadot account types: externally owned accounts only.
 * @example
 * import { polkadotAccountTypes } from '@gangway/kit/polkadot'
 * polkadotAccountTypes.default // 'eoa'
 */
export const polkadotAccountTypes = Object.freeze({
  default: 'eoa',
  supported: Object.freeze(['eoa'] as const),
}) satisfies { readonly default: AccountType; readonly supported: readonly AccountType[] }
