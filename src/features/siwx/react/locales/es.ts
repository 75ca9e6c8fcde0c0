/**
 * The sign-in (siwx) feature's copy in Spanish, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The sign-in (siwx) feature's copy in Spanish. */
export const es: Readonly<Record<string, string>> = Object.freeze({
  'siwx.title': 'Iniciar sesión',
  'siwx.cancel': 'Cancelar inicio de sesión',
  'siwx.explain': 'Este sitio te pide que inicies sesión con tu billetera.',
  'siwx.site': 'Sitio',
  'siwx.account': 'Cuenta',
  'siwx.network': 'Red',
  'siwx.statement': 'Mensaje',
  'siwx.otherSite':
    'Este mensaje es para {domain}, no para {page}, la página en la que estás. Firma solo si confías en él.',
  'siwx.free':
    'La firma demuestra que la cuenta es tuya. No cuesta nada y no envía ninguna transacción.',
  'siwx.sign': 'Iniciar sesión',
  'siwx.signing': 'Esperando a tu billetera…',
  'error.SIWX_NOT_ENABLED': 'El inicio de sesión con billetera no está activado',
  'error.SIWX_VERIFICATION_FAILED': 'No se pudo verificar el inicio de sesión',
  'siwx.requiredNotice':
    'Este sitio necesita que inicies sesión. Inicia sesión o cancela el inicio de sesión para desconectarte.',
  'siwx.signedIn': 'Sesión iniciada con esta cuenta',
  'siwx.signedOut': 'Sin sesión iniciada',
  'siwx.signOut': 'Cerrar sesión',
  'siwx.signInAgain': 'Iniciar sesión',
})
