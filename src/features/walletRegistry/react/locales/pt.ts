/**
 * The wallet registry feature's copy in Portuguese, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The wallet registry feature's copy in Portuguese. */
export const pt: Readonly<Record<string, string>> = Object.freeze({
  'allWallets.title': 'Todas as carteiras',
  'allWallets.search': 'Buscar carteiras',
  'allWallets.none': 'Nenhuma carteira corresponde a “{query}”.',
  'allWallets.more': 'Mostrar mais carteiras',
  'allWallets.count#one': '{count} carteira',
  'allWallets.count#many': '{count} de carteiras',
  'allWallets.count#other': '{count} carteiras',
})
