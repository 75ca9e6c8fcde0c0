/**
 * The WalletConnect pairing feature's copy in French, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The WalletConnect pairing feature's copy in French. */
export const fr: Readonly<Record<string, string>> = Object.freeze({
  'walletConnect.scan': 'Scannez avec le wallet de votre téléphone',
  'walletConnect.qr': 'QR code WalletConnect',
  'walletConnect.copy': 'Copier le lien',
  'walletConnect.copied': 'Lien copié',
  'walletConnect.preparing': 'Préparation de la connexion…',
  'walletConnect.open': 'Ouvrir {wallet}',
})
