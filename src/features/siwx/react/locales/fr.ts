/**
 * The sign-in (siwx) feature's copy in French, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The sign-in (siwx) feature's copy in French. */
export const fr: Readonly<Record<string, string>> = Object.freeze({
  'siwx.title': 'Se connecter',
  'siwx.cancel': 'Annuler la connexion',
  'siwx.explain': 'Ce site vous demande de vous connecter avec votre wallet.',
  'siwx.site': 'Site',
  'siwx.account': 'Compte',
  'siwx.network': 'Réseau',
  'siwx.statement': 'Message',
  'siwx.otherSite':
    'Ce message est destiné à {domain}, et non à {page}, la page sur laquelle vous êtes. Ne signez que si vous lui faites confiance.',
  'siwx.free':
    'La signature prouve que le compte vous appartient. Elle est gratuite et n’envoie aucune transaction.',
  'siwx.sign': 'Se connecter',
  'siwx.signing': 'En attente de votre wallet…',
  'error.SIWX_NOT_ENABLED': 'La connexion avec un wallet n’est pas activée',
  'error.SIWX_VERIFICATION_FAILED': 'La connexion n’a pas pu être vérifiée',
  'siwx.requiredNotice':
    'Ce site vous demande de vous connecter. Connectez-vous, ou annulez la connexion pour vous déconnecter.',
  'siwx.signedIn': 'Connecté avec ce compte',
  'siwx.signedOut': 'Non connecté',
  'siwx.signOut': 'Se déconnecter',
  'siwx.signInAgain': 'Se connecter',
})
