import { compareDecimals } from '../../kernel/index.js'

/**
 * A USD amount as the visitor's language writes money (`$1,234.56`, `1.234,56 $`). The amount
 * arrives as decimal text and reaches `Intl.NumberFormat` as text, which formats it exactly (no
 * float on the way); only the display rounds, to cents.
 * @example
 * import { formatFiat } from '@gangway/kit/react'
 * formatFiat('en', '3000.5') // '$3,000.50'
 * formatFiat('en', '0.004') // '< $0.01'
 * @param tag - a BCP 47 language tag (the catalogue's `tag`).
 * @param usd - a non-negative decimal string.
 * @returns the formatted amount; `null` when `usd` is not a decimal.
 */
export function formatFiat(tag: string, usd: string | null | undefined): string | null {
  if (!usd || !/^\d+(\.\d+)?$/.test(usd)) return null
  let format: Intl.NumberFormat
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency: 'USD',
    // Cut, never rounded up: a value shown is never more than the real one.
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions
  try {
    format = new Intl.NumberFormat(tag, options)
  } catch {
    format = new Intl.NumberFormat('en', options)
  }
  // Something worth a fraction of a cent is not shown as nothing.
  if (/[1-9]/.test(usd) && compareDecimals(usd, '0.01') === -1) {
    return `< ${format.format(0.01)}`
  }
  // Intl formats a decimal string exactly (ECMA-402 NumberFormat v3); the type says number only.
  return format.format(usd as unknown as number)
}
