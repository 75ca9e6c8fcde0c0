/**
 * Exact decimal arithmetic on amount strings, so balances and amounts never pass through a
 * floating-point number. (Chain libraries have their own; the kernel may not import them.)
 * @module
 */

/**
 * Scales a decimal string to an integer of `decimals` places, truncating extra digits.
 * @example
 * import { toScaledInteger } from '@gangway/kit'
 * toScaledInteger('1.5', 18) // 1500000000000000000n
 * @param value - a non-negative decimal such as `"1.5"` or `".5"`.
 * @param decimals - the places.
 * @returns the scaled integer, or `undefined` when `value` is not a decimal.
 */
export function toScaledInteger(value: string, decimals: number): bigint | undefined {
  if (!/^(\d+\.?\d*|\.\d+)$/.test(value)) return undefined
  const [whole = '', fraction = ''] = value.split('.')
  const padded = fraction.slice(0, decimals).padEnd(decimals, '0')
  return BigInt(`${whole || '0'}${padded}`)
}

/**
 * Writes an integer of `decimals` places as a decimal string without trailing zeros.
 * @example
 * import { fromScaledInteger } from '@gangway/kit'
 * fromScaledInteger(1500000000000000000n, 18) // '1.5'
 * @param value - the scaled integer.
 * @param decimals - the places.
 * @returns the decimal string.
 */
export function fromScaledInteger(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/**
 * Compares two decimal strings exactly.
 * @example
 * import { compareDecimals } from '@gangway/kit'
 * compareDecimals('0.10', '0.1') // 0
 * @returns -1, 0 or 1; `undefined` when either is not a decimal.
 */
export function compareDecimals(left: string, right: string): -1 | 0 | 1 | undefined {
  const places = Math.max(fractionLength(left), fractionLength(right))
  const a = toScaledInteger(left, places)
  const b = toScaledInteger(right, places)
  if (a === undefined || b === undefined) return undefined
  return a < b ? -1 : a > b ? 1 : 0
}

function fractionLength(value: string): number {
  const dot = value.indexOf('.')
  return dot === -1 ? 0 : value.length - dot - 1
}

/**
 * Rounds a decimal string down to `places` digits after the point for display (§9: balances to 3,
 * quotes to 6). Never rounds up, so a shown balance is never more than the real one.
 * @example
 * import { formatDecimal } from '@gangway/kit'
 * formatDecimal('1.23456', 3) // '1.234'
 * @returns the shortened string; the input unchanged when it is not a decimal.
 */
export function formatDecimal(value: string, places: number): string {
  const scaled = toScaledInteger(value, places)
  if (scaled === undefined) return value
  const text = fromScaledInteger(scaled, places)
  return text
}

const scaleOf = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0)

/**
 * The product of two non-negative decimal strings (an amount and a USD price), cut (never rounded
 * up) to `places` decimals: a value shown is never more than the real one.
 * @example
 * import { multiplyDecimals } from '@gangway/kit'
 * multiplyDecimals('1.5', '2000.25', 2) // '3000.37'
 * @returns the product as a decimal string; `undefined` when either is not a decimal.
 */
export function multiplyDecimals(left: string, right: string, places: number): string | undefined {
  const a = toScaledInteger(left, scaleOf(left))
  const b = toScaledInteger(right, scaleOf(right))
  if (a === undefined || b === undefined) return undefined
  const scale = scaleOf(left) + scaleOf(right)
  const product = a * b
  const cut =
    scale > places
      ? product / 10n ** BigInt(scale - places)
      : product * 10n ** BigInt(places - scale)
  return fromScaledInteger(cut, places)
}

/**
 * The exact sum of non-negative decimal strings (an account's USD values); entries that are not
 * decimals are left out.
 * @example
 * import { sumDecimals } from '@gangway/kit'
 * sumDecimals(['0.1', '0.2']) // '0.3'
 * @returns the sum as a decimal string (`'0'` for none).
 */
export function sumDecimals(values: readonly string[]): string {
  const places = Math.max(0, ...values.map(scaleOf))
  let total = 0n
  for (const value of values) total += toScaledInteger(value, places) ?? 0n
  return fromScaledInteger(total, places)
}
