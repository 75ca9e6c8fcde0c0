/**
 * The embedded wallet feature's copy in Spanish, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The embedded wallet feature's copy in Spanish. */
export const es: Readonly<Record<string, string>> = Object.freeze({
  'embeddedWallet.emailTitle': 'Continuar con correo electrónico',
  'embeddedWallet.emailLabel': 'Correo electrónico',
  'embeddedWallet.continue': 'Continuar',
  'embeddedWallet.sending': 'Enviando un código…',
  'embeddedWallet.otpTitle': 'Introduce el código',
  'embeddedWallet.otpExplain': 'Hemos enviado un código a {email}.',
  'embeddedWallet.otpLabel': 'Código',
  'embeddedWallet.verify': 'Verificar',
  'embeddedWallet.deviceTitle': 'Aprueba este dispositivo',
  'embeddedWallet.deviceExplain':
    'Abre el enlace que enviamos a {email} para aprobar este dispositivo.',
  'embeddedWallet.socialTitle': 'Continuar con una cuenta social',
  'embeddedWallet.socialWith': 'Continuar con {provider}',
  'embeddedWallet.socialWaiting': 'Termina de iniciar sesión en la ventana que se abrió.',
  'embeddedWallet.approveTitle': 'Aprueba en tu billetera',
  'embeddedWallet.approveExplain':
    'Tu billetera pide tu aprobación. Si cierras esto, se rechaza la solicitud.',
  'embeddedWallet.smartAccountLater':
    'Las cuentas inteligentes aún no están disponibles con el inicio de sesión por correo o redes sociales: esta es una cuenta estándar (EOA).',
  'embeddedWallet.updateEmailTitle': 'Cambiar correo',
  'embeddedWallet.updateEmailCurrent': 'Tu correo actual: {email}',
  'embeddedWallet.updateEmailLabel': 'Correo nuevo',
  'embeddedWallet.updatePrimaryTitle': 'Confirma tu correo actual',
  'embeddedWallet.updatePrimaryExplain':
    'Para cambiar tu correo, introduce el código que enviamos a {email}.',
  'embeddedWallet.updateSecondaryTitle': 'Confirma tu correo nuevo',
  'notice.EMAIL_UPDATED': 'Tu correo ahora es {email}',
})
