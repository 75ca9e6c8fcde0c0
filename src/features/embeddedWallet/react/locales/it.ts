/**
 * The embedded wallet feature's copy in Italian, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The embedded wallet feature's copy in Italian. */
export const it: Readonly<Record<string, string>> = Object.freeze({
  'embeddedWallet.emailTitle': 'Continua con l’email',
  'embeddedWallet.emailLabel': 'Email',
  'embeddedWallet.continue': 'Continua',
  'embeddedWallet.sending': 'Invio del codice…',
  'embeddedWallet.otpTitle': 'Inserisci il codice',
  'embeddedWallet.otpExplain': 'Abbiamo inviato un codice a {email}.',
  'embeddedWallet.otpLabel': 'Codice',
  'embeddedWallet.verify': 'Verifica',
  'embeddedWallet.deviceTitle': 'Approva questo dispositivo',
  'embeddedWallet.deviceExplain':
    'Apri il link che abbiamo inviato a {email} per approvare questo dispositivo.',
  'embeddedWallet.socialTitle': 'Continua con un account social',
  'embeddedWallet.socialWith': 'Continua con {provider}',
  'embeddedWallet.socialWaiting': 'Completa l’accesso nella finestra che si è aperta.',
  'embeddedWallet.approveTitle': 'Approva nel tuo wallet',
  'embeddedWallet.approveExplain':
    'Il tuo wallet chiede la tua approvazione. Chiudere qui rifiuta la richiesta.',
  'embeddedWallet.smartAccountLater':
    'Gli smart account non sono ancora disponibili con l’accesso via email o social: questo è un account standard (EOA).',
  'embeddedWallet.updateEmailTitle': 'Modifica email',
  'embeddedWallet.updateEmailCurrent': 'La tua email attuale: {email}',
  'embeddedWallet.updateEmailLabel': 'Nuova email',
  'embeddedWallet.updatePrimaryTitle': 'Conferma la tua email attuale',
  'embeddedWallet.updatePrimaryExplain':
    'Per modificare la tua email, inserisci il codice che abbiamo inviato a {email}.',
  'embeddedWallet.updateSecondaryTitle': 'Conferma la tua nuova email',
  'notice.EMAIL_UPDATED': 'La tua email ora è {email}',
})
