import { formatDecimal } from '../../kernel/index.js'

/**
 * An amount as the visitor's language writes numbers (`9.998,498` in German, `9,998.498` in
 * English), cut to `places` decimals. The arithmetic stays on decimal strings and bigints: the
 * integer part goes through `Intl.NumberFormat` as a bigint, so no balance is ever rounded through
 * a float.
 * @example
 * import { formatAmount } from '@gangway/kit/react'
 * formatAmount('de', '9998.4987', 3) // '9.998,498'
 * formatAmount('de', '0.000852', 3) // '< 0,001'
 * @param tag - a BCP 47 language tag (the catalogue's `tag`).
 * @param value - a decimal string.
 * @param places - the most decimals to show (§9: balances 3).
 * @returns the formatted amount (`< 0.001` for an amount above 0 that the places would show as
 * 0); the input as it is when it is not a decimal.
 */
export function formatAmount(tag: string, value: string, places: number): string {
  const cut = formatDecimal(value, places)
  const match = /^(\d+)(?:\.(\d+))?$/.exec(cut)
  if (!match) return value
  let format: Intl.NumberFormat
  try {
    format = new Intl.NumberFormat(tag)
  } catch {
    format = new Intl.NumberFormat('en')
  }
  const separator = format.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
  // Something held is never shown as nothing: 0.000852 ETH reads '< 0.001', not '0'.
  if (cut === '0' && /[1-9]/.test(value)) {
    const smallest =
      places > 0
        ? `${format.format(0)}${separator}${'1'.padStart(places, format.format(0))}`
        : format.format(1)
    return `< ${smallest}`
  }
  const integer = format.format(BigInt(match[1]!))
  if (!match[2]) return integer
  // The decimals in the language's own digits too (Arabic-Indic in ar-EG), never half Latin.
  const decimals = match[2].replace(/\d/g, (digit) => format.format(Number(digit)))
  return `${integer}${separator}${decimals}`
}
