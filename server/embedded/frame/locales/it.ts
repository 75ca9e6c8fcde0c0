import type { FrameMessages } from '../copy.js'
import { POPUP_COPY } from '../popupCopy.js'

/** The wallet origin's texts in Italian. */
export const it: FrameMessages = {
  ...POPUP_COPY.it,
  'frame.title': 'Portafoglio Gangway',
  'create.title': 'Crea il tuo portafoglio',
  'create.body':
    'Il tuo portafoglio su {site} è protetto da una passkey su questo dispositivo. Nessun altro, nemmeno {walletOrigin}, può usarlo senza la passkey.',
  'create.button': 'Crea passkey',
  'recoveryKey.title': 'Conserva la chiave di recupero',
  'recoveryKey.body':
    'Con questa chiave e questa passkey puoi recuperare il tuo portafoglio su {recoverUrl}, anche quando il server del portafoglio non è raggiungibile. Conservala in un posto sicuro, come un gestore di password:',
  'recoveryKey.button': 'L’ho salvata',
  'approve.title': '{site} chiede: {method}',
  'approve.network': 'Rete: {chainId}',
  'approve.approve': 'Approva',
  'approve.reject': 'Rifiuta',
  'summary.signMessage': 'Firma questo messaggio:',
  'summary.signTypedData': 'Firma {primaryType} per {app}',
  'summary.signTypedDataNoApp': 'Firma {primaryType}',
  'summary.send': 'Invia {amount} {symbol} a {to}',
  'summary.callContract': 'Chiama il contratto {to} con {amount} {symbol} (dati {selector}…)',
  'summary.createAccount': 'Crea il conto {account} con {amount} {symbol}',
  'summary.sendToken': 'Invia {amount} del token {mint} al conto del token {to}',
  'summary.sendTokenBaseUnits': 'Invia {amount} unità di base di un token al conto del token {to}',
  'summary.createTokenAccount': 'Crea il conto del token {account} di {owner} per il token {mint}',
  'summary.computeBudget': 'Imposta la commissione e il limite di calcolo della transazione',
  'summary.memo': 'Promemoria: {memo}',
  'summary.callProgram': 'Chiama il programma {program} (conti: {count})',
  'export.title': 'Mostra la frase di recupero',
  'export.body':
    'Chiunque conosca queste parole può spendere dal tuo portafoglio. Assicurati che nessuno veda lo schermo. La passkey conferma che sei tu.',
  'export.continue': 'Continua',
  'export.cancel': 'Annulla',
  'phrase.title': 'La tua frase di recupero',
  'phrase.done': 'Fatto',
  'recover.title': 'Recupera il tuo portafoglio',
  'recover.intro':
    'Incolla la chiave di recupero salvata quando hai creato il portafoglio, poi usa la passkey di questo portafoglio. Nulla lascia questa pagina.',
  'recover.keyLabel': 'Chiave di recupero',
  'recover.submit': 'Recupera con la mia passkey',
  'recover.usePasskey': 'Usa la tua passkey…',
  'recover.done': 'Recuperato.',
  'recover.notAKey': 'Questa non è una chiave di recupero Gangway.',
  'recover.wrongPasskey': 'Questa chiave di recupero non si apre con questa passkey.',
  'recover.yourWallet': 'Il tuo portafoglio',
  'recover.ethereumAddress': 'Indirizzo Ethereum',
  'recover.solanaAddress': 'Indirizzo Solana',
  'recover.phrase': 'Frase di recupero',
  'recover.warning':
    'Chiunque abbia la frase di recupero può spendere da questo portafoglio. Importala solo in un portafoglio di cui ti fidi, poi chiudi questa pagina.',
}
