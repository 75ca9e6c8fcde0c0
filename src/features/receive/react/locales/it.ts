/**
 * The receive feature's copy in Italian, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The receive feature's copy in Italian. */
export const it: Readonly<Record<string, string>> = Object.freeze({
  'receive.title': 'Ricevi',
  'receive.address': 'Il tuo indirizzo',
  'receive.qr': 'Codice QR del tuo indirizzo',
  'receive.copy': 'Copia indirizzo',
  'receive.copied': 'Indirizzo copiato',
  'receive.network': 'Rete: {network}',
  'receive.warning':
    'Invia a questo indirizzo solo asset {family} su {network}. Gli asset inviati da un’altra rete o da un’altra famiglia di catene possono andare persi.',
  'receive.family.eip155': 'EVM',
  'receive.family.solana': 'Solana',
  'receive.family.polkadot': 'Polkadot',
  'receive.family.bip122': 'Bitcoin',
  'receive.disconnected': 'Collega un wallet per vedere dove ricevere.',
})
