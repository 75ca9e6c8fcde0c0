/**
 * Amounts as visitors type them: in their language's way of writing numbers (`1,5` and `1.500,25`
 * in German, `1 500,25` in French, `1,234.5` in English), read back to the decimal text the kit
 * computes with. Never through a float.
 * @module
 */

/** What a language writes numbers with. */
interface NumberSymbols {
  /** Its digits, 0 to 9 (`٠`…`٩` in Arabic). */
  readonly digits: readonly string[]
  /** Its decimal separator. */
  readonly decimal: string
  /** The characters that group its thousands (every kind of space, where it groups with one). */
  readonly groups: ReadonlySet<string>
}

const SPACES = [' ', '\u00a0', '\u202f', '\u2009']
const symbolsByTag = new Map<string, NumberSymbols>()

function symbolsOf(tag: string): NumberSymbols {
  const known = symbolsByTag.get(tag)
  if (known) return known
  let format: Intl.NumberFormat
  try {
    format = new Intl.NumberFormat(tag)
  } catch {
    format = new Intl.NumberFormat('en')
  }
  const parts = format.formatToParts(1234567.5)
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.'
  const group = parts.find((part) => part.type === 'group')?.value ?? ','
  const groups = new Set([group])
  // A space that groups is typed as whichever space the keyboard gives.
  if (SPACES.includes(group)) for (const space of SPACES) groups.add(space)
  // Swiss German groups with '’'; keyboards type the ASCII apostrophe.
  if (group === '\u2019') groups.add("'")
  const digits = Array.from({ length: 10 }, (_, digit) => format.format(digit))
  const symbols = { digits, decimal, groups }
  symbolsByTag.set(tag, symbols)
  return symbols
}

/**
 * The digits of an integer part written with group separators, or `undefined` when the groups are
 * not where a language puts them (a first group of 1 to 3 digits, then groups of 2 or 3, the last
 * of 3: `1,234,567` and `12,34,567` group; `1,5` and `1,50` do not).
 */
function ungroup(integer: string, groups: ReadonlySet<string>): string | undefined {
  const parts: string[] = ['']
  for (const char of integer) {
    if (groups.has(char)) parts.push('')
    else parts[parts.length - 1] += char
  }
  if (parts.length === 1) return parts[0]
  const [first, ...rest] = parts
  if (!/^\d{1,3}$/.test(first!)) return undefined
  if (!rest.every((part) => /^\d{2,3}$/.test(part))) return undefined
  if (rest.at(-1)!.length !== 3) return undefined
  return parts.join('')
}

/**
 * Reads an amount typed in the visitor's language: its decimal separator or the dot, its digits,
 * and its thousands groups where they are real groups. A separator that could be either (`1.500`
 * in German) reads as the language writes it (one thousand five hundred); one that is neither a
 * decimal point nor a proper group (`1,5` in English) makes the text no amount rather than a
 * guess.
 * @example
 * import { parseAmount } from '@gangway/kit/react'
 * parseAmount('de', '1,5') // '1.5'
 * parseAmount('de', '1.500,25') // '1500.25'
 * parseAmount('en', '1,5') // undefined
 * @param tag - a BCP 47 language tag (the catalogue's `tag`).
 * @param text - what the visitor typed.
 * @returns the amount as decimal text (`'1500.25'`, `'0.5'`, `'1.'` while the decimals are still
 * to come, `''` for nothing typed), or `undefined` when the text is no amount.
 */
export function parseAmount(tag: string, text: string): string | undefined {
  const { digits, decimal, groups } = symbolsOf(tag)
  let normalized = ''
  for (const char of text.trim()) {
    const digit = digits.indexOf(char)
    normalized += digit >= 0 ? String(digit) : char
  }
  if (normalized === '') return ''
  const allowed = (char: string) =>
    /\d/.test(char) || char === decimal || char === '.' || groups.has(char)
  if (![...normalized].every(allowed)) return undefined
  const split = (at: number) => {
    const integer = ungroup(normalized.slice(0, at), groups)
    const fraction = normalized.slice(at + 1)
    if (integer === undefined || !/^\d*$/.test(fraction)) return undefined
    if (integer === '' && fraction === '') return undefined
    return `${integer === '' ? '0' : integer}.${fraction}`
  }
  // The language's own decimal separator, once: everything before it is the integer part.
  const decimalAt = normalized.indexOf(decimal)
  if (decimal !== '.' && decimalAt >= 0) {
    if (normalized.indexOf(decimal, decimalAt + 1) >= 0) return undefined
    return split(decimalAt)
  }
  const dotAt = normalized.indexOf('.')
  if (dotAt < 0 || groups.has('.')) {
    // Where the dot groups thousands, text that groups properly is an integer.
    const integer = ungroup(normalized, groups)
    if (integer !== undefined && integer !== '') return integer
    if (dotAt < 0) return undefined
  }
  // The dot as the decimal point: once, with no group after it.
  if (normalized.indexOf('.', dotAt + 1) >= 0) return undefined
  return split(dotAt)
}

/**
 * An amount the kit holds (`'1500.25'`) as an input shows it in the visitor's language
 * (`'1500,25'` in German): the decimal separator only, no groups, so {@link parseAmount} reads it
 * back exactly.
 * @example
 * import { toAmountInput } from '@gangway/kit/react'
 * toAmountInput('de', '0.5') // '0,5'
 * @param tag - a BCP 47 language tag.
 * @param amount - decimal text.
 * @returns the text for the input.
 */
export function toAmountInput(tag: string, amount: string): string {
  const { digits, decimal } = symbolsOf(tag)
  return amount.replace(/\d/g, (digit) => digits[Number(digit)]!).replace('.', decimal)
}
