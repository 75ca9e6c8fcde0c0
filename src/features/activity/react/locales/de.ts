/**
 * The activity feature's copy in German, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The activity feature's copy in German. */
export const de: Readonly<Record<string, string>> = Object.freeze({
  'account.noActivity': 'Noch keine Aktivität.',
  'activity.loading': 'Aktivität wird geladen…',
  'activity.title': 'Aktivität',
  'activity.more': 'Mehr laden',
  'activity.retry': 'Erneut versuchen',
  'activity.status.pending': 'Ausstehend',
  'activity.status.confirmed': 'Bestätigt',
  'activity.status.failed': 'Fehlgeschlagen',
  'activity.operation.send': 'Gesendet',
  'activity.operation.receive': 'Empfangen',
  'activity.operation.execute': 'Vertragsaufruf',
  'activity.to': 'an',
  'activity.from': 'von',
  'error.TRANSACTIONS_FETCH_FAILED': 'Transaktionen konnten nicht abgerufen werden',
  'activity.kind.swap': 'Getauscht',
  'activity.kind.mint': 'Geprägt',
  'activity.kind.approve': '{amount} {symbol} genehmigt',
  'activity.kind.approveUnlimited': '{symbol} unbegrenzt genehmigt',
  'activity.operation.approve': 'Genehmigt',
  'activity.copyHash': 'Hash kopieren',
  'activity.hashCopied': 'Hash kopiert',
})
