/**
 * The WalletConnect pairing feature's copy in Spanish, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The WalletConnect pairing feature's copy in Spanish. */
export const es: Readonly<Record<string, string>> = Object.freeze({
  'walletConnect.scan': 'Escanea con la billetera de tu teléfono',
  'walletConnect.qr': 'Código QR de WalletConnect',
  'walletConnect.copy': 'Copiar enlace',
  'walletConnect.copied': 'Enlace copiado',
  'walletConnect.preparing': 'Preparando la conexión…',
  'walletConnect.open': 'Abrir {wallet}',
})
