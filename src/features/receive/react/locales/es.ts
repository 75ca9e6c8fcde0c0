/**
 * The receive feature's copy in Spanish, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The receive feature's copy in Spanish. */
export const es: Readonly<Record<string, string>> = Object.freeze({
  'receive.title': 'Recibir',
  'receive.address': 'Tu dirección',
  'receive.qr': 'Código QR de tu dirección',
  'receive.copy': 'Copiar dirección',
  'receive.copied': 'Dirección copiada',
  'receive.network': 'Red: {network}',
  'receive.warning':
    'Envía a esta dirección solo activos de {family} en {network}. Los activos enviados desde otra red u otra familia de cadenas pueden perderse.',
  'receive.family.eip155': 'EVM',
  'receive.family.solana': 'Solana',
  'receive.family.polkadot': 'Polkadot',
  'receive.family.bip122': 'Bitcoin',
  'receive.disconnected': 'Conecta una billetera para ver dónde recibir.',
})
