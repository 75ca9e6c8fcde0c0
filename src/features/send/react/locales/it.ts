/**
 * The send feature's copy in Italian, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The send feature's copy in Italian. */
export const it: Readonly<Record<string, string>> = Object.freeze({
  'send.title': 'Invia',
  'send.token': 'Token',
  'send.amount': 'Importo',
  'send.receiver': 'Indirizzo del destinatario',
  'send.max': 'Max',
  'send.review': 'Controlla',
  'send.preview': 'Controlla il trasferimento',
  'send.previewLine': 'Invia {amount} {symbol} a {receiver}',
  'send.confirm': 'Invia ora',
  'send.sending': 'Invio in corso…',
  'send.speed': 'Velocità di conferma',
  'send.speed.standard': 'Normale',
  'send.speed.fast': 'Veloce',
  'send.speed.instant': 'Istantanea',
  'send.fee': 'Commissione di rete',
  'send.total': 'Totale',
  'send.quoting': 'Calcolo della commissione di rete…',
  'sent.pending': 'Transazione inviata, in attesa di essere minata:',
  'sent.success': 'Transazione confermata:',
  'sent.reverted': 'Transazione annullata:',
  'error.INVALID_SEND_INPUT': 'Inserisci un importo e un indirizzo del destinatario validi',
  'error.SEND_FAILED': 'Invio della transazione non riuscito. Riprova.',
  'sent.copy': 'Copia l’hash della transazione',
  'sent.copied': 'Hash copiato',
  'send.fiat': '≈ {value}',
  'send.value': 'Valore',
  'send.network': 'Rete',
  'send.amountPlaceholder': '0,0',
  'send.receiverPlaceholder': 'Indirizzo',
  'send.receiverPlaceholder.eip155': '0x…',
  'send.receiverInvalid': 'Questo non è un indirizzo valido su questa rete',
  'send.receiverChecksum':
    'Questo indirizzo ha una maiuscola sbagliata (checksum): copialo di nuovo dalla sua fonte',
  'send.receiverName': 'Qui i nomi non sono supportati: inserisci l’indirizzo',
  'send.amountInvalid': 'Inserisci un importo valido',
})
