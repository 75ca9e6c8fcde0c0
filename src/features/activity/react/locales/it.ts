/**
 * The activity feature's copy in Italian, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The activity feature's copy in Italian. */
export const it: Readonly<Record<string, string>> = Object.freeze({
  'account.noActivity': 'Ancora nessuna attività.',
  'activity.loading': 'Caricamento dell’attività…',
  'activity.title': 'Attività',
  'activity.more': 'Carica altro',
  'activity.retry': 'Riprova',
  'activity.status.pending': 'In attesa',
  'activity.status.confirmed': 'Confermata',
  'activity.status.failed': 'Non riuscita',
  'activity.operation.send': 'Inviato',
  'activity.operation.receive': 'Ricevuto',
  'activity.operation.execute': 'Chiamata a contratto',
  'activity.to': 'a',
  'activity.from': 'da',
  'error.TRANSACTIONS_FETCH_FAILED': 'Impossibile recuperare le transazioni',
  'activity.kind.swap': 'Scambiato',
  'activity.kind.mint': 'Coniato',
  'activity.kind.approve': 'Approvato {amount} {symbol}',
  'activity.kind.approveUnlimited': 'Approvato {symbol} illimitato',
  'activity.operation.approve': 'Approvato',
  'activity.copyHash': 'Copia hash',
  'activity.hashCopied': 'Hash copiato',
})
