/**
 * The embedded wallet feature's copy in French, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The embedded wallet feature's copy in French. */
export const fr: Readonly<Record<string, string>> = Object.freeze({
  'embeddedWallet.emailTitle': 'Continuer avec l’e-mail',
  'embeddedWallet.emailLabel': 'E-mail',
  'embeddedWallet.continue': 'Continuer',
  'embeddedWallet.sending': 'Envoi d’un code…',
  'embeddedWallet.otpTitle': 'Saisissez le code',
  'embeddedWallet.otpExplain': 'Nous avons envoyé un code à {email}.',
  'embeddedWallet.otpLabel': 'Code',
  'embeddedWallet.verify': 'Vérifier',
  'embeddedWallet.deviceTitle': 'Approuvez cet appareil',
  'embeddedWallet.deviceExplain': 'Ouvrez le lien envoyé à {email} pour approuver cet appareil.',
  'embeddedWallet.socialTitle': 'Continuer avec un compte social',
  'embeddedWallet.socialWith': 'Continuer avec {provider}',
  'embeddedWallet.socialWaiting': 'Terminez la connexion dans la fenêtre qui s’est ouverte.',
  'embeddedWallet.approveTitle': 'Approuvez dans votre portefeuille',
  'embeddedWallet.approveExplain':
    'Votre portefeuille demande votre approbation. Fermer ceci refuse la demande.',
  'embeddedWallet.smartAccountLater':
    'Les comptes intelligents ne sont pas encore disponibles avec la connexion par e-mail ou réseau social : ce compte est un compte standard (EOA).',
  'embeddedWallet.updateEmailTitle': 'Modifier l’e-mail',
  'embeddedWallet.updateEmailCurrent': 'Votre e-mail actuel : {email}',
  'embeddedWallet.updateEmailLabel': 'Nouvel e-mail',
  'embeddedWallet.updatePrimaryTitle': 'Confirmez votre e-mail actuel',
  'embeddedWallet.updatePrimaryExplain':
    'Pour modifier votre e-mail, saisissez le code envoyé à {email}.',
  'embeddedWallet.updateSecondaryTitle': 'Confirmez votre nouvel e-mail',
  'notice.EMAIL_UPDATED': 'Votre e-mail est désormais {email}',
})
