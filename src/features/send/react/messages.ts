/**
 * The send feature's copy, by BCP 47 language tag: English complete, every shipped
 * language beside it. It loads with the feature's views, never before.
 * @module
 */

/** The send feature's copy. */
export const sendMessages = {
  en: {
    'send.title': 'Send',
    'send.token': 'Token',
    'send.amount': 'Amount',
    'send.receiver': 'Receiver address',
    'send.max': 'Max',
    'send.fiat': '≈ {value}',
    'send.value': 'Value',
    'send.network': 'Network',
    'send.review': 'Review',
    'send.preview': 'Review the transfer',
    'send.previewLine': 'Send {amount} {symbol} to {receiver}',
    'send.confirm': 'Send now',
    'send.sending': 'Sending…',
    'send.speed': 'Confirmation speed',
    'send.speed.standard': 'Standard',
    'send.speed.fast': 'Fast',
    'send.speed.instant': 'Instant',
    'send.fee': 'Network fee',
    'send.total': 'Total',
    'send.quoting': 'Calculating the network fee…',
    'sent.pending': 'Transaction sent, waiting to be mined:',
    'sent.success': 'Transaction confirmed:',
    'sent.reverted': 'Transaction reverted:',
    'error.INVALID_SEND_INPUT': 'Please enter a valid amount and receiver address',
    'error.SEND_FAILED': 'Failed to send transaction. Please try again.',
  },
  de: {
    'send.title': 'Senden',
    'send.token': 'Token',
    'send.amount': 'Betrag',
    'send.receiver': 'Empfängeradresse',
    'send.max': 'Max',
    'send.fiat': '≈ {value}',
    'send.value': 'Wert',
    'send.network': 'Netzwerk',
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
    'error.INVALID_SEND_INPUT':
      'Bitte geben Sie einen gültigen Betrag und eine Empfängeradresse ein',
    'error.SEND_FAILED': 'Transaktion fehlgeschlagen. Bitte versuchen Sie es erneut.',
  },
} as const
