/**
 * The receive feature's copy in French, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The receive feature's copy in French. */
export const fr: Readonly<Record<string, string>> = Object.freeze({
  'receive.title': 'Recevoir',
  'receive.address': 'Votre adresse',
  'receive.qr': 'QR code de votre adresse',
  'receive.copy': 'Copier l’adresse',
  'receive.copied': 'Adresse copiée',
  'receive.network': 'Réseau : {network}',
  'receive.warning':
    'N’envoyez à cette adresse que des actifs {family} sur {network}. Les actifs envoyés depuis un autre réseau ou une autre famille de chaînes peuvent être perdus.',
  'receive.family.eip155': 'EVM',
  'receive.family.solana': 'Solana',
  'receive.family.polkadot': 'Polkadot',
  'receive.family.bip122': 'Bitcoin',
  'receive.disconnected': 'Connectez un wallet pour voir où recevoir.',
})
