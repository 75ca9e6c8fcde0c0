/**
 * The send feature's copy in German, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The send feature's copy in German. */
export const de: Readonly<Record<string, string>> = Object.freeze({
  'send.title': 'Senden',
  'send.token': 'Token',
  'send.amount': 'Betrag',
  'send.receiver': 'Empfängeradresse',
  'send.max': 'Max',
  'send.review': 'Prüfen',
  'send.preview': 'Überweisung prüfen',
  'send.previewLine': '{amount} {symbol} an {receiver} senden',
  'send.confirm': 'Jetzt senden',
  'send.sending': 'Wird gesendet…',
  'send.speed': 'Bestätigungsgeschwindigkeit',
  'send.speed.standard': 'Standard',
  'send.speed.fast': 'Schnell',
  'send.speed.instant': 'Sofort',
  'send.fee': 'Netzwerkgebühr',
  'send.total': 'Gesamt',
  'send.quoting': 'Netzwerkgebühr wird berechnet…',
  'sent.pending': 'Transaktion gesendet, wartet auf Bestätigung:',
  'sent.success': 'Transaktion bestätigt:',
  'sent.reverted': 'Transaktion rückgängig gemacht:',
  'error.INVALID_SEND_INPUT': 'Bitte geben Sie einen gültigen Betrag und eine Empfängeradresse ein',
  'error.SEND_FAILED': 'Transaktion fehlgeschlagen. Bitte versuchen Sie es erneut.',
  'send.fiat': '≈ {value}',
  'send.value': 'Wert',
  'send.network': 'Netzwerk',
  'send.amountPlaceholder': '0,0',
  'send.receiverPlaceholder': 'Adresse',
  'send.receiverPlaceholder.eip155': '0x…',
  'send.receiverInvalid': 'Dies ist keine gültige Adresse in diesem Netzwerk',
  'send.receiverChecksum':
    'Diese Adresse hat einen falschen Großbuchstaben (Prüfsumme): kopieren Sie sie erneut',
  'send.receiverName': 'Namen werden hier nicht unterstützt: Geben Sie die Adresse ein',
  'send.amountInvalid': 'Bitte geben Sie einen gültigen Betrag ein',
  'sent.copy': 'Transaktions-Hash kopieren',
  'sent.copied': 'Hash kopiert',
})
