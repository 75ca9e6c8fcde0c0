/**
 * Decimal text arithmetic the swap views show (an amount in USD, the slippage share of an
 * output): exact on decimal strings, cut rather than rounded up, never through a float.
 * @module
 */
import { fromScaledInteger, multiplyDecimals, toScaledInteger } from '../../kernel/index.js'

/**
 * The product of two non-negative decimal texts (an amount and a USD price), cut (never rounded
 * up) to `places` decimals: a value shown is never more than the real one.
 * @example
 * import { multiplyDecimal } from '@gangway/kit/swap'
 * multiplyDecimal('1.5', '2000.25', 2) // '3000.37'
 * @returns the product as decimal text; `'0'` for text that is not a decimal.
 */
export function multiplyDecimal(left: string, right: string, places: number): string {
  return multiplyDecimals(left, right, places) ?? '0'
}

/**
 * `percent` % of an amount, exactly (both decimal text): the point moves, nothing is rounded.
 * @example
 * import { percentOf } from '@gangway/kit/swap'
 * percentOf('2949.40', '1') // '29.494'
 * @returns decimal text; `'0'` for text that is not a decimal.
 */
export function percentOf(amount: string, percent: string): string {
  const scaleOf = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0)
  const a = toScaledInteger(amount, scaleOf(amount))
  const p = toScaledInteger(percent, scaleOf(percent))
  if (a === undefined || p === undefined) return '0'
  return fromScaledInteger(a * p, scaleOf(amount) + scaleOf(percent) + 2)
}
