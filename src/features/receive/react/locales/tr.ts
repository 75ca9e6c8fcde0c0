/**
 * The receive feature's copy in Turkish, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The receive feature's copy in Turkish. */
export const tr: Readonly<Record<string, string>> = Object.freeze({
  'receive.title': 'Al',
  'receive.address': 'Adresiniz',
  'receive.qr': 'Adresinizin QR kodu',
  'receive.copy': 'Adresi kopyala',
  'receive.copied': 'Adres kopyalandı',
  'receive.network': 'Ağ: {network}',
  'receive.warning':
    'Bu adrese yalnızca {network} ağındaki {family} varlıklarını gönderin. Başka bir ağdan veya zincir ailesinden gönderilen varlıklar kaybolabilir.',
  'receive.family.eip155': 'EVM',
  'receive.family.solana': 'Solana',
  'receive.family.polkadot': 'Polkadot',
  'receive.family.bip122': 'Bitcoin',
  'receive.disconnected': 'Nereye alacağınızı görmek için bir cüzdan bağlayın.',
})
