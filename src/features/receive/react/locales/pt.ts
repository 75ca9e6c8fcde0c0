/**
 * The receive feature's copy in Portuguese, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The receive feature's copy in Portuguese. */
export const pt: Readonly<Record<string, string>> = Object.freeze({
  'receive.title': 'Receber',
  'receive.address': 'Seu endereço',
  'receive.qr': 'QR code do seu endereço',
  'receive.copy': 'Copiar endereço',
  'receive.copied': 'Endereço copiado',
  'receive.network': 'Rede: {network}',
  'receive.warning':
    'Envie para este endereço apenas ativos {family} na rede {network}. Ativos enviados de outra rede ou de outra família de blockchains podem ser perdidos.',
  'receive.family.eip155': 'EVM',
  'receive.family.solana': 'Solana',
  'receive.family.polkadot': 'Polkadot',
  'receive.family.bip122': 'Bitcoin',
  'receive.disconnected': 'Conecte uma carteira para ver onde receber.',
})
