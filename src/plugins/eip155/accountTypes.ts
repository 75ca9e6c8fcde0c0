/**
 * §6 account types of the `eip155` namespace.
 * @module
 */
import type { AccountType } from '../../kernel/index.js'

/**
 * §6 EVM account types: smart accounts by default (where a network enables them), EOAs too.
 * @example
 * import { eip155AccountTypes } from '@gangway/kit/eip155'
 * eip155AccountTypes.default // 'smartAccount'
 */
export const eip155AccountTypes = Object.freeze({
  default: 'smartAccount',
  supported: Object.freeze(['eoa', 'smartAccount'] as const),
}) satisfies { readonly default: AccountType; readonly supported: readonly AccountType[] }
