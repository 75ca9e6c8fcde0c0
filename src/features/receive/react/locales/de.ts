/**
 * The receive feature's copy in German, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The receive feature's copy in German. */
export const de: Readonly<Record<string, string>> = Object.freeze({
  'receive.title': 'Empfangen',
  'receive.address': 'Ihre Adresse',
  'receive.qr': 'QR-Code Ihrer Adresse',
  'receive.copy': 'Adresse kopieren',
  'receive.copied': 'Adresse kopiert',
  'receive.network': 'Netzwerk: {network}',
  'receive.warning':
    'Senden Sie an diese Adresse nur {family}-Assets im Netzwerk {network}. Assets aus einem anderen Netzwerk oder einer anderen Chain-Familie können verloren gehen.',
  'receive.family.eip155': 'EVM',
  'receive.family.solana': 'Solana',
  'receive.family.polkadot': 'Polkadot',
  'receive.family.bip122': 'Bitcoin',
  'receive.disconnected': 'Verbinden Sie eine Wallet, um zu sehen, wohin Sie empfangen.',
})
