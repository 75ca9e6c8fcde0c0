import type { FrameMessages } from '../copy.js'
import { POPUP_COPY } from '../popupCopy.js'

/** The wallet origin's texts in German. */
export const de: FrameMessages = {
  ...POPUP_COPY.de,
  'frame.title': 'Gangway-Wallet',
  'create.title': 'Wallet erstellen',
  'create.body':
    'Ihre Wallet auf {site} ist durch einen Passkey auf diesem Gerät geschützt. Niemand sonst, nicht einmal {walletOrigin}, kann sie ohne den Passkey verwenden.',
  'create.button': 'Passkey erstellen',
  'recoveryKey.title': 'Wiederherstellungsschlüssel aufbewahren',
  'recoveryKey.body':
    'Mit ihm und diesem Passkey können Sie Ihre Wallet unter {recoverUrl} wiederherstellen, auch wenn der Server der Wallet nicht erreichbar ist. Bewahren Sie ihn sicher auf, etwa in einem Passwortmanager:',
  'recoveryKey.button': 'Ich habe ihn gespeichert',
  'approve.title': '{site} fragt: {method}',
  'approve.network': 'Netzwerk: {chainId}',
  'approve.approve': 'Genehmigen',
  'approve.reject': 'Ablehnen',
  'summary.signMessage': 'Diese Nachricht signieren:',
  'summary.signTypedData': '{primaryType} für {app} signieren',
  'summary.signTypedDataNoApp': '{primaryType} signieren',
  'summary.send': '{amount} {symbol} an {to} senden',
  'summary.callContract': 'Den Vertrag {to} mit {amount} {symbol} aufrufen (Daten {selector}…)',
  'summary.createAccount': 'Das Konto {account} mit {amount} {symbol} anlegen',
  'summary.sendToken': '{amount} des Tokens {mint} an das Token-Konto {to} senden',
  'summary.sendTokenBaseUnits':
    '{amount} Basiseinheiten eines Tokens an das Token-Konto {to} senden',
  'summary.createTokenAccount':
    'Das Token-Konto {account} von {owner} für den Token {mint} anlegen',
  'summary.computeBudget': 'Gebühr und Rechenlimit der Transaktion festlegen',
  'summary.memo': 'Notiz: {memo}',
  'summary.callProgram': 'Das Programm {program} aufrufen (Konten: {count})',
  'export.title': 'Wiederherstellungsphrase anzeigen',
  'export.body':
    'Wer diese Wörter kennt, kann über Ihre Wallet verfügen. Achten Sie darauf, dass niemand Ihren Bildschirm sieht. Ihr Passkey bestätigt, dass Sie es sind.',
  'export.continue': 'Weiter',
  'export.cancel': 'Abbrechen',
  'phrase.title': 'Ihre Wiederherstellungsphrase',
  'phrase.done': 'Fertig',
  'recover.title': 'Wallet wiederherstellen',
  'recover.intro':
    'Fügen Sie den Wiederherstellungsschlüssel ein, den Sie beim Erstellen Ihrer Wallet gespeichert haben, und verwenden Sie dann den Passkey dieser Wallet. Nichts verlässt diese Seite.',
  'recover.keyLabel': 'Wiederherstellungsschlüssel',
  'recover.submit': 'Mit meinem Passkey wiederherstellen',
  'recover.usePasskey': 'Verwenden Sie Ihren Passkey…',
  'recover.done': 'Wiederhergestellt.',
  'recover.notAKey': 'Das ist kein Gangway-Wiederherstellungsschlüssel.',
  'recover.wrongPasskey':
    'Dieser Wiederherstellungsschlüssel lässt sich mit diesem Passkey nicht öffnen.',
  'recover.yourWallet': 'Ihre Wallet',
  'recover.ethereumAddress': 'Ethereum-Adresse',
  'recover.solanaAddress': 'Solana-Adresse',
  'recover.phrase': 'Wiederherstellungsphrase',
  'recover.warning':
    'Wer die Wiederherstellungsphrase kennt, kann über diese Wallet verfügen. Importieren Sie sie nur in eine Wallet, der Sie vertrauen, und schließen Sie dann diese Seite.',
}
