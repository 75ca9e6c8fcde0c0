/**
 * The WalletConnect pairing feature's copy in Portuguese, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The WalletConnect pairing feature's copy in Portuguese. */
export const pt: Readonly<Record<string, string>> = Object.freeze({
  'walletConnect.scan': 'Escaneie com a carteira do seu celular',
  'walletConnect.qr': 'QR code do WalletConnect',
  'walletConnect.copy': 'Copiar link',
  'walletConnect.copied': 'Link copiado',
  'walletConnect.preparing': 'Preparando a conexão…',
  'walletConnect.open': 'Abrir {wallet}',
})
