import { compareDecimals } from './decimal.js'

/** What the gas check needs. */
export interface GasCheck {
  /** The native balance as a decimal string. */
  readonly nativeBalance: string
  /** The native balance in USD. */
  readonly nativeBalanceUsd: number
  /** The gas cost in USD. */
  readonly gasCostUsd: number
  /** Smart accounts skip the check (a paymaster may pay). */
  readonly isSmartAccount: boolean
}

/**
 * §5 gas is insufficient if the native balance is zero or the gas cost in USD exceeds the native
 * balance in USD. Smart accounts skip this check.
 * @example
 * import { hasInsufficientGas } from '@gangway/kit'
 * hasInsufficientGas({ nativeBalance: '0', nativeBalanceUsd: 0, gasCostUsd: 1, isSmartAccount: false }) // true
 * @returns whether the send must be refused for gas.
 */
export function hasInsufficientGas(check: GasCheck): boolean {
  if (check.isSmartAccount) return false
  if (compareDecimals(check.nativeBalance, '0') !== 1) return true
  return check.gasCostUsd > check.nativeBalanceUsd
}

/**
 * §5 the source token is insufficient if its balance is below the amount.
 * @example
 * import { hasInsufficientBalance } from '@gangway/kit'
 * hasInsufficientBalance('1.5', '2') // true
 * @param balance - the balance as a decimal string.
 * @param amount - the amount as a decimal string.
 * @returns whether the amount exceeds the balance; `true` for unreadable input.
 */
export function hasInsufficientBalance(balance: string, amount: string): boolean {
  const order = compareDecimals(balance, amount)
  return order === undefined || order === -1
}
