/**
 * The receive feature's copy, by BCP 47 language tag: English complete, every shipped language
 * beside it. It loads with the feature's view, never before.
 * @module
 */

/** The receive feature's copy. */
export const receiveMessages = {
  en: {
    'receive.title': 'Receive',
    'receive.address': 'Your address',
    'receive.qr': 'QR code of your address',
    'receive.copy': 'Copy address',
    'receive.copied': 'Address copied',
    'receive.network': 'Network: {network}',
    'receive.warning':
      'Send only {family} assets on {network} to this address. Assets sent from another network or chain family can be lost.',
    'receive.family.eip155': 'EVM',
    'receive.family.solana': 'Solana',
    'receive.family.polkadot': 'Polkadot',
    'receive.family.bip122': 'Bitcoin',
    'receive.disconnected': 'Connect a wallet to see where to receive.',
  },
  de: {
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
  },
} as const
