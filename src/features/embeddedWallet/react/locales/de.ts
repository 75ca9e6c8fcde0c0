/**
 * The embedded wallet feature's copy in German, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The embedded wallet feature's copy in German. */
export const de: Readonly<Record<string, string>> = Object.freeze({
  'embeddedWallet.emailTitle': 'Mit E-Mail fortfahren',
  'embeddedWallet.emailLabel': 'E-Mail',
  'embeddedWallet.continue': 'Weiter',
  'embeddedWallet.sending': 'Code wird gesendet…',
  'embeddedWallet.otpTitle': 'Code eingeben',
  'embeddedWallet.otpExplain': 'Wir haben einen Code an {email} gesendet.',
  'embeddedWallet.otpLabel': 'Code',
  'embeddedWallet.verify': 'Bestätigen',
  'embeddedWallet.deviceTitle': 'Dieses Gerät freigeben',
  'embeddedWallet.deviceExplain':
    'Öffne den Link, den wir an {email} gesendet haben, um dieses Gerät freizugeben.',
  'embeddedWallet.socialTitle': 'Mit einem sozialen Konto fortfahren',
  'embeddedWallet.socialWith': 'Mit {provider} fortfahren',
  'embeddedWallet.socialWaiting': 'Schließe die Anmeldung im geöffneten Fenster ab.',
  'embeddedWallet.approveTitle': 'In deiner Wallet bestätigen',
  'embeddedWallet.approveExplain':
    'Deine Wallet bittet um deine Zustimmung. Wenn du dies schließt, wird die Anfrage abgelehnt.',
  'embeddedWallet.smartAccountLater':
    'Smart Accounts sind mit E-Mail- oder Social-Login noch nicht verfügbar: Dieses Konto ist ein Standardkonto (EOA).',
  'embeddedWallet.updateEmailTitle': 'E-Mail ändern',
  'embeddedWallet.updateEmailCurrent': 'Deine E-Mail jetzt: {email}',
  'embeddedWallet.updateEmailLabel': 'Neue E-Mail',
  'embeddedWallet.updatePrimaryTitle': 'Aktuelle E-Mail bestätigen',
  'embeddedWallet.updatePrimaryExplain':
    'Gib den Code ein, den wir an {email} gesendet haben, um deine E-Mail zu ändern.',
  'embeddedWallet.updateSecondaryTitle': 'Neue E-Mail bestätigen',
  'notice.EMAIL_UPDATED': 'Deine E-Mail ist jetzt {email}',
})
