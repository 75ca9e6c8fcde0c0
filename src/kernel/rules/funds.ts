import { compareDecimals, fromScaledInteger, toScaledInteger } from './decimal.js'

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

/** Kept over the quoted fee by Max: a gas price may rise between Max and the send (a quarter). */
const FEE_MARGIN_NUMERATOR = 5n
const FEE_MARGIN_DENOMINATOR = 4n

/**
 * The most a visitor can send or swap (Max, in Send and Swap): the whole balance of a token; of
 * the native currency, the balance less the network fee and a quarter of it again, so the
 * transaction can still pay for its gas if the price moves. Never below 0.
 * @example
 * import { maxSendable } from '@gangway/kit'
 * maxSendable({ balance: '1', fee: '0.0004', decimals: 18, isNative: true }) // '0.9995'
 * @returns the amount as a decimal string; `'0'` when the fee takes everything or the text is
 * not a decimal.
 */
export function maxSendable(input: {
  readonly balance: string
  /** The network fee in the native currency; ignored for tokens. */
  readonly fee: string
  readonly decimals: number
  readonly isNative: boolean
}): string {
  const balance = toScaledInteger(input.balance, input.decimals)
  if (balance === undefined) return '0'
  if (!input.isNative) return fromScaledInteger(balance, input.decimals)
  const fee = toScaledInteger(input.fee, input.decimals)
  if (fee === undefined) return '0'
  // Rounded up: the reserve is never less than the fee and its margin.
  const reserve =
    (fee * FEE_MARGIN_NUMERATOR + FEE_MARGIN_DENOMINATOR - 1n) / FEE_MARGIN_DENOMINATOR
  return fromScaledInteger(balance > reserve ? balance - reserve : 0n, input.decimals)
}
