/**
 * The siwx feature's copy, by BCP 47 language tag: English complete, every shipped
 * language beside it. It loads with the feature's views, never before.
 * @module
 */

/** The siwx feature's copy. */
export const siwxMessages = {
  en: {
    'siwx.title': 'Sign in',
    'siwx.cancel': 'Cancel sign-in',
    'siwx.explain': 'This site asks you to sign in with your wallet.',
    'siwx.site': 'Site',
    'siwx.account': 'Account',
    'siwx.network': 'Network',
    'siwx.statement': 'Message',
    'siwx.otherSite':
      'This message is for {domain}, not for {page}, the page you are on. Sign only if you trust it.',
    'siwx.free': 'Signing proves the account is yours. It costs nothing and sends no transaction.',
    'siwx.sign': 'Sign in',
    'siwx.signing': 'Waiting for your wallet…',
    'siwx.requiredNotice':
      'This site needs you to sign in. Sign in, or cancel sign-in to disconnect.',
    'siwx.signedIn': 'Signed in with this account',
    'siwx.signedOut': 'Not signed in',
    'siwx.signOut': 'Sign out',
    'siwx.signInAgain': 'Sign in',
    'error.SIWX_NOT_ENABLED': 'SIWX is not enabled',
    'error.SIWX_VERIFICATION_FAILED': 'The sign-in could not be verified',
  },
  de: {
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
    'siwx.requiredNotice':
      'Diese Website verlangt eine Anmeldung. Melden Sie sich an oder brechen Sie die Anmeldung ab, um die Verbindung zu trennen.',
    'siwx.signedIn': 'Mit diesem Konto angemeldet',
    'siwx.signedOut': 'Nicht angemeldet',
    'siwx.signOut': 'Abmelden',
    'siwx.signInAgain': 'Anmelden',
    'error.SIWX_NOT_ENABLED': 'Anmeldung mit der Wallet ist nicht aktiviert',
    'error.SIWX_VERIFICATION_FAILED': 'Die Anmeldung konnte nicht bestätigt werden',
  },
} as const
