/**
 * Decimal text arithmetic on bigints: money never passes through a float.
 * @module
 */

/**
 * The product of two non-negative decimal strings, cut (not rounded) to `places` decimals.
 * @example
 * multiplyDecimal('1.5', '2000.25', 2) // '3000.37'
 * @param left - a decimal string.
 * @param right - a decimal string.
 * @param places - decimals kept.
 * @returns the product as decimal text, without trailing zeros.
 */
export function multiplyDecimal(left: string, right: string, places: number): string {
  const [a, aScale] = toScaled(left)
  const [b, bScale] = toScaled(right)
  const scale = aScale + bScale
  let product = a * b
  if (scale > places) product /= 10n ** BigInt(scale - places)
  else product *= 10n ** BigInt(places - scale)
  const text = product.toString().padStart(places + 1, '0')
  const whole = text.slice(0, text.length - places)
  const fraction = text.slice(text.length - places).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

function toScaled(value: string): [bigint, number] {
  const [whole = '0', fraction = ''] = value.split('.')
  return [BigInt(`${whole}${fraction}` || '0'), fraction.length]
}
