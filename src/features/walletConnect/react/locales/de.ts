/**
 * The WalletConnect pairing feature's copy in German, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The WalletConnect pairing feature's copy in German. */
export const de: Readonly<Record<string, string>> = Object.freeze({
  'walletConnect.scan': 'Mit der Wallet auf dem Telefon scannen',
  'walletConnect.qr': 'WalletConnect-QR-Code',
  'walletConnect.copy': 'Link kopieren',
  'walletConnect.copied': 'Link kopiert',
  'walletConnect.preparing': 'Verbindung wird vorbereitet…',
  'walletConnect.open': '{wallet} öffnen',
})
