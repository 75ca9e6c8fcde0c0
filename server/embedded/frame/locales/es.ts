import type { FrameMessages } from '../copy.js'
import { POPUP_COPY } from '../popupCopy.js'

/** The wallet origin's texts in Spanish. */
export const es: FrameMessages = {
  ...POPUP_COPY.es,
  'frame.title': 'Monedero Gangway',
  'create.title': 'Crea tu monedero',
  'create.body':
    'Tu monedero en {site} está protegido por una llave de acceso en este dispositivo. Nadie más, ni siquiera {walletOrigin}, puede usarlo sin la llave de acceso.',
  'create.button': 'Crear llave de acceso',
  'recoveryKey.title': 'Guarda tu clave de recuperación',
  'recoveryKey.body':
    'Con ella y esta llave de acceso puedes recuperar tu monedero en {recoverUrl}, incluso si el servidor del monedero no funciona. Guárdala en un lugar seguro, como un gestor de contraseñas:',
  'recoveryKey.button': 'La he guardado',
  'approve.title': '{site} solicita: {method}',
  'approve.network': 'Red: {chainId}',
  'approve.approve': 'Aprobar',
  'approve.reject': 'Rechazar',
  'summary.signMessage': 'Firmar este mensaje:',
  'summary.signTypedData': 'Firmar {primaryType} para {app}',
  'summary.signTypedDataNoApp': 'Firmar {primaryType}',
  'summary.send': 'Enviar {amount} {symbol} a {to}',
  'summary.callContract': 'Llamar al contrato {to} con {amount} {symbol} (datos {selector}…)',
  'summary.createAccount': 'Crear la cuenta {account} con {amount} {symbol}',
  'summary.sendToken': 'Enviar {amount} del token {mint} a la cuenta de token {to}',
  'summary.sendTokenBaseUnits':
    'Enviar {amount} unidades base de un token a la cuenta de token {to}',
  'summary.createTokenAccount':
    'Crear la cuenta de token {account} de {owner} para el token {mint}',
  'summary.computeBudget': 'Fijar la comisión y el límite de cómputo de la transacción',
  'summary.memo': 'Nota: {memo}',
  'summary.callProgram': 'Llamar al programa {program} (cuentas: {count})',
  'export.title': 'Mostrar tu frase de recuperación',
  'export.body':
    'Cualquiera que tenga estas palabras puede gastar desde tu monedero. Asegúrate de que nadie vea tu pantalla. Tu llave de acceso confirma que eres tú.',
  'export.continue': 'Continuar',
  'export.cancel': 'Cancelar',
  'phrase.title': 'Tu frase de recuperación',
  'phrase.done': 'Listo',
  'recover.title': 'Recupera tu monedero',
  'recover.intro':
    'Pega la clave de recuperación que guardaste al crear tu monedero y luego usa la llave de acceso de este monedero. Nada sale de esta página.',
  'recover.keyLabel': 'Clave de recuperación',
  'recover.submit': 'Recuperar con mi llave de acceso',
  'recover.usePasskey': 'Usa tu llave de acceso…',
  'recover.done': 'Recuperado.',
  'recover.notAKey': 'Esta no es una clave de recuperación de Gangway.',
  'recover.wrongPasskey': 'Esta clave de recuperación no se abre con esta llave de acceso.',
  'recover.yourWallet': 'Tu monedero',
  'recover.ethereumAddress': 'Dirección de Ethereum',
  'recover.solanaAddress': 'Dirección de Solana',
  'recover.phrase': 'Frase de recuperación',
  'recover.warning':
    'Cualquiera que tenga la frase de recuperación puede gastar desde este monedero. Impórtala solo en un monedero de confianza y luego cierra esta página.',
}
