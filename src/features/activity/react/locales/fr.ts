/**
 * The activity feature's copy in French, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The activity feature's copy in French. */
export const fr: Readonly<Record<string, string>> = Object.freeze({
  'account.noActivity': 'Aucune activité pour l’instant.',
  'activity.loading': 'Chargement de l’activité…',
  'activity.title': 'Activité',
  'activity.more': 'Charger plus',
  'activity.retry': 'Réessayer',
  'activity.status.pending': 'En attente',
  'activity.status.confirmed': 'Confirmée',
  'activity.status.failed': 'Échouée',
  'activity.operation.send': 'Envoyé',
  'activity.operation.receive': 'Reçu',
  'activity.operation.execute': 'Appel de contrat',
  'activity.to': 'à',
  'activity.from': 'de',
  'error.TRANSACTIONS_FETCH_FAILED': 'Impossible de récupérer les transactions',
  'activity.kind.swap': 'Échangé',
  'activity.kind.mint': 'Frappé',
  'activity.kind.approve': '{amount} {symbol} approuvé',
  'activity.kind.approveUnlimited': '{symbol} illimité approuvé',
  'activity.operation.approve': 'Approuvé',
  'activity.copyHash': 'Copier le hash',
  'activity.hashCopied': 'Hash copié',
})
