/**
 * The send feature's copy in French, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The send feature's copy in French. */
export const fr: Readonly<Record<string, string>> = Object.freeze({
  'send.title': 'Envoyer',
  'send.token': 'Jeton',
  'send.amount': 'Montant',
  'send.receiver': 'Adresse du destinataire',
  'send.max': 'Max.',
  'send.review': 'Vérifier',
  'send.preview': 'Vérifier le transfert',
  'send.previewLine': 'Envoyer {amount} {symbol} à {receiver}',
  'send.confirm': 'Envoyer maintenant',
  'send.sending': 'Envoi…',
  'send.speed': 'Vitesse de confirmation',
  'send.speed.standard': 'Normale',
  'send.speed.fast': 'Rapide',
  'send.speed.instant': 'Instantanée',
  'send.fee': 'Frais de réseau',
  'send.total': 'Total',
  'send.quoting': 'Calcul des frais de réseau…',
  'sent.pending': 'Transaction envoyée, en attente de minage :',
  'sent.success': 'Transaction confirmée :',
  'sent.reverted': 'Transaction annulée :',
  'error.INVALID_SEND_INPUT': 'Veuillez saisir un montant et une adresse de destinataire valides',
  'error.SEND_FAILED': 'Échec de l’envoi de la transaction. Veuillez réessayer.',
  'sent.copy': 'Copier le hash de la transaction',
  'sent.copied': 'Hash copié',
  'send.fiat': '≈ {value}',
  'send.value': 'Valeur',
  'send.network': 'Réseau',
  'send.amountPlaceholder': '0,0',
  'send.receiverPlaceholder': 'Adresse',
  'send.receiverPlaceholder.eip155': '0x…',
  'send.receiverInvalid': 'Ce n’est pas une adresse valide sur ce réseau',
  'send.receiverChecksum':
    'Cette adresse contient une majuscule erronée (somme de contrôle) : copiez-la à nouveau depuis sa source',
  'send.receiverName': 'Les noms ne sont pas pris en charge ici : saisissez l’adresse',
  'send.amountInvalid': 'Veuillez saisir un montant valide',
})
