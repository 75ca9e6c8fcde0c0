/**
 * The activity list's own words, in English and German, until the UI catalogue takes them
 * (KERNEL_NOTES.md): the labels the §8 catalogue does not have.
 * @module
 */

/** The list's texts. */
export interface ActivityCopy {
  readonly loading: string
  readonly more: string
  readonly retry: string
  readonly status: Readonly<Record<string, string>>
  readonly operation: Readonly<Record<string, string>>
  readonly to: string
  readonly from: string
}

const EN: ActivityCopy = {
  loading: 'Loading activity…',
  more: 'Load more',
  retry: 'Try again',
  status: { pending: 'Pending', confirmed: 'Confirmed', failed: 'Failed' },
  operation: { send: 'Sent', receive: 'Received', execute: 'Contract call' },
  to: 'to',
  from: 'from',
}

const DE: ActivityCopy = {
  loading: 'Aktivität wird geladen…',
  more: 'Mehr laden',
  retry: 'Erneut versuchen',
  status: { pending: 'Ausstehend', confirmed: 'Bestätigt', failed: 'Fehlgeschlagen' },
  operation: { send: 'Gesendet', receive: 'Empfangen', execute: 'Vertragsaufruf' },
  to: 'an',
  from: 'von',
}

/**
 * The copy for a language tag (English for any language without its own).
 * @param tag - a BCP 47 tag, e.g. `de-CH`.
 * @returns the texts.
 */
export function activityCopy(tag: string): ActivityCopy {
  return tag.toLowerCase().startsWith('de') ? DE : EN
}
