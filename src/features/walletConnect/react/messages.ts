/**
 * The WalletConnect pairing feature's copy, by BCP 47 language tag: English complete, every shipped
 * language beside it. It loads with the feature's views, never before.
 * @module
 */

/** The WalletConnect pairing feature's copy. */
export const walletConnectMessages = {
  en: {
    'walletConnect.scan': 'Scan with your phone’s wallet',
    'walletConnect.qr': 'WalletConnect QR code',
    'walletConnect.copy': 'Copy link',
    'walletConnect.copied': 'Link copied',
    'walletConnect.preparing': 'Preparing the connection…',
    'walletConnect.open': 'Open {wallet}',
  },
  de: {
    'walletConnect.scan': 'Mit der Wallet auf dem Telefon scannen',
    'walletConnect.qr': 'WalletConnect-QR-Code',
    'walletConnect.copy': 'Link kopieren',
    'walletConnect.copied': 'Link kopiert',
    'walletConnect.preparing': 'Verbindung wird vorbereitet…',
    'walletConnect.open': '{wallet} öffnen',
  },
} as const
