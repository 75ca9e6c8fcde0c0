/**
 * The sign-in (siwx) feature's copy in German, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The sign-in (siwx) feature's copy in German. */
export const de: Readonly<Record<string, string>> = Object.freeze({
  'siwx.title': 'Anmelden',
  'siwx.cancel': 'Anmeldung abbrechen',
  'siwx.explain': 'Diese Website bittet Sie, sich mit Ihrer Wallet anzumelden.',
  'siwx.site': 'Website',
  'siwx.account': 'Konto',
  'siwx.network': 'Netzwerk',
  'siwx.statement': 'Nachricht',
  'siwx.otherSite':
    'Diese Nachricht ist für {domain} bestimmt, nicht für {page}, die Seite, auf der Sie sind. Unterschreiben Sie nur, wenn Sie ihr vertrauen.',
  'siwx.free':
    'Die Unterschrift beweist, dass das Konto Ihnen gehört. Sie kostet nichts und sendet keine Transaktion.',
  'siwx.sign': 'Anmelden',
  'siwx.signing': 'Warten auf Ihre Wallet…',
  'error.SIWX_NOT_ENABLED': 'Anmeldung mit der Wallet ist nicht aktiviert',
  'error.SIWX_VERIFICATION_FAILED': 'Die Anmeldung konnte nicht bestätigt werden',
  'siwx.requiredNotice':
    'Diese Website verlangt eine Anmeldung. Melden Sie sich an oder brechen Sie die Anmeldung ab, um die Verbindung zu trennen.',
  'siwx.signedIn': 'Mit diesem Konto angemeldet',
  'siwx.signedOut': 'Nicht angemeldet',
  'siwx.signOut': 'Abmelden',
  'siwx.signInAgain': 'Anmelden',
})
