/**
 * The WalletConnect pairing feature's copy in Italian, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The WalletConnect pairing feature's copy in Italian. */
export const it: Readonly<Record<string, string>> = Object.freeze({
  'walletConnect.scan': 'Scansiona con il wallet del telefono',
  'walletConnect.qr': 'Codice QR di WalletConnect',
  'walletConnect.copy': 'Copia link',
  'walletConnect.copied': 'Link copiato',
  'walletConnect.preparing': 'Preparazione della connessione…',
  'walletConnect.open': 'Apri {wallet}',
})
