/**
 * The sign-in (siwx) feature's copy in Italian, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The sign-in (siwx) feature's copy in Italian. */
export const it: Readonly<Record<string, string>> = Object.freeze({
  'siwx.title': 'Accedi',
  'siwx.cancel': 'Annulla l’accesso',
  'siwx.explain': 'Questo sito ti chiede di accedere con il tuo wallet.',
  'siwx.site': 'Sito',
  'siwx.account': 'Account',
  'siwx.network': 'Rete',
  'siwx.statement': 'Messaggio',
  'siwx.otherSite':
    'Questo messaggio è per {domain}, non per {page}, la pagina in cui ti trovi. Firma solo se ti fidi.',
  'siwx.free':
    'La firma dimostra che l’account è tuo. Non costa nulla e non invia alcuna transazione.',
  'siwx.sign': 'Accedi',
  'siwx.signing': 'In attesa del tuo wallet…',
  'error.SIWX_NOT_ENABLED': 'L’accesso con il wallet non è attivo',
  'error.SIWX_VERIFICATION_FAILED': 'Impossibile verificare l’accesso',
  'siwx.requiredNotice':
    'Questo sito richiede l’accesso. Accedi, oppure annulla l’accesso per disconnetterti.',
  'siwx.signedIn': 'Accesso effettuato con questo account',
  'siwx.signedOut': 'Accesso non effettuato',
  'siwx.signOut': 'Esci',
  'siwx.signInAgain': 'Accedi',
})
