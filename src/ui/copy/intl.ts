/**
 * What the visitor's language decides beyond words, all through `Intl`: the direction text runs
 * in, which plural form a count takes, and how dates and times read.
 * @module
 */

// Scripts written right to left (Unicode's `Bidi_Class` R/AL scripts in use today). A tag is
// resolved to its likely script by `Intl.Locale#maximize` (ar → Arab, he → Hebr, ur → Arab,
// az → Latn), so a site's own catalogue tagged `fa` or `ckb` mirrors without naming its direction.
const RTL_SCRIPTS = new Set([
  'Adlm',
  'Arab',
  'Hebr',
  'Mand',
  'Nkoo',
  'Rohg',
  'Samr',
  'Syrc',
  'Thaa',
  'Yezi',
])

/**
 * The direction a language is written in, for the `dir` attribute of what Gangway renders.
 * @example
 * import { textDirection } from '@gangway/kit/react'
 * textDirection('ar') // 'rtl'
 * textDirection('de') // 'ltr'
 * @param tag - a BCP 47 language tag.
 * @returns `'rtl'` for a language written right to left, else `'ltr'` (an invalid tag too).
 * @see /docs/react.md#languages
 */
export function textDirection(tag: string): 'ltr' | 'rtl' {
  try {
    const script = new Intl.Locale(tag).maximize().script
    return script !== undefined && RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr'
  } catch {
    return 'ltr'
  }
}

const pluralRules = new Map<string, Intl.PluralRules>()

/**
 * The plural category a count takes in a language (`Intl.PluralRules`): English has `one` and
 * `other`, Arabic six, Japanese only `other`.
 * @example
 * import { pluralCategory } from '@gangway/kit/react'
 * pluralCategory('ru', 3) // 'few'
 * @param tag - a BCP 47 language tag (an invalid one reads as English).
 * @param count - the number the text counts.
 * @returns the category.
 * @see /docs/react.md#languages
 */
export function pluralCategory(tag: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(tag)
  if (!rules) {
    try {
      rules = new Intl.PluralRules(tag)
    } catch {
      rules = new Intl.PluralRules('en')
    }
    pluralRules.set(tag, rules)
  }
  return rules.select(count)
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

/**
 * How long ago (or how far ahead) a moment is, in words of the language and in its largest whole
 * unit (`Intl.RelativeTimeFormat`): '5 minutes ago', 'vor 5 Minuten', 'قبل 5 دقائق', 'yesterday'.
 * @example
 * import { formatRelativeTime } from '@gangway/kit/react'
 * formatRelativeTime('de', '2026-01-01T10:00:00Z', Date.parse('2026-01-01T10:05:00Z')) // 'vor 5 Minuten'
 * @param tag - a BCP 47 language tag (an invalid one reads as English).
 * @param at - the moment: an ISO date, a `Date` or epoch milliseconds.
 * @param now - the present, in epoch milliseconds (the kit's clock, so tests run in virtual time).
 * @returns the text; an invalid moment gives `''`.
 * @see /docs/react.md#languages
 */
export function formatRelativeTime(tag: string, at: string | number | Date, now: number): string {
  const time = new Date(at).getTime()
  if (Number.isNaN(time)) return ''
  let format: Intl.RelativeTimeFormat
  try {
    format = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' })
  } catch {
    format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
  }
  const seconds = Math.round((time - now) / 1000)
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second')
      return format.format(Math.trunc(seconds / size), unit)
  }
  return ''
}

/**
 * A date (and by default its time) as the language writes it (`Intl.DateTimeFormat`).
 * @example
 * import { formatDateTime } from '@gangway/kit/react'
 * formatDateTime('ja', '2026-03-02T10:00:00Z', { dateStyle: 'medium', timeZone: 'UTC' }) // '2026/03/02'
 * @param tag - a BCP 47 language tag (an invalid one reads as English).
 * @param at - the moment: an ISO date, a `Date` or epoch milliseconds.
 * @param options - `Intl.DateTimeFormat` options (default: medium date, short time).
 * @returns the text; an invalid moment gives `''`.
 * @see /docs/react.md#languages
 */
export function formatDateTime(
  tag: string,
  at: string | number | Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  const date = new Date(at)
  if (Number.isNaN(date.getTime())) return ''
  try {
    return new Intl.DateTimeFormat(tag, options).format(date)
  } catch {
    return new Intl.DateTimeFormat('en', options).format(date)
  }
}
