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
    'error.SIWX_NOT_ENABLED': 'Anmeldung mit der Wallet ist nicht aktiviert',
    'error.SIWX_VERIFICATION_FAILED': 'Die Anmeldung konnte nicht bestätigt werden',
  },
} as const
