/**
 * The activity feature's copy, by BCP 47 language tag: English complete, every shipped
 * language beside it. It loads with the feature's views, never before.
 * @module
 */

/** The activity feature's copy. */
export const activityMessages = {
  en: {
    'account.noActivity': 'No activity yet.',
    'activity.loading': 'Loading activity…',
    'activity.more': 'Load more',
    'activity.retry': 'Try again',
    'activity.status.pending': 'Pending',
    'activity.status.confirmed': 'Confirmed',
    'activity.status.failed': 'Failed',
    'activity.operation.send': 'Sent',
    'activity.operation.receive': 'Received',
    'activity.operation.execute': 'Contract call',
    'activity.kind.swap': 'Swapped',
    'activity.kind.mint': 'Minted',
    'activity.copyHash': 'Copy hash',
    'activity.hashCopied': 'Hash copied',
    'activity.to': 'to',
    'activity.from': 'from',
    'error.TRANSACTIONS_FETCH_FAILED': 'Failed to fetch transactions',
  },
  de: {
    'account.noActivity': 'Noch keine Aktivität.',
    'activity.loading': 'Aktivität wird geladen…',
    'activity.more': 'Mehr laden',
    'activity.retry': 'Erneut versuchen',
    'activity.status.pending': 'Ausstehend',
    'activity.status.confirmed': 'Bestätigt',
    'activity.status.failed': 'Fehlgeschlagen',
    'activity.operation.send': 'Gesendet',
    'activity.operation.receive': 'Empfangen',
    'activity.operation.execute': 'Vertragsaufruf',
    'activity.kind.swap': 'Getauscht',
    'activity.kind.mint': 'Geprägt',
    'activity.copyHash': 'Hash kopieren',
    'activity.hashCopied': 'Hash kopiert',
    'activity.to': 'an',
    'activity.from': 'von',
    'error.TRANSACTIONS_FETCH_FAILED': 'Transaktionen konnten nicht abgerufen werden',
  },
} as const
