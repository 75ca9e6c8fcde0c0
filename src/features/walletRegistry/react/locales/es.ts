/**
 * The wallet registry feature's copy in Spanish, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The wallet registry feature's copy in Spanish. */
export const es: Readonly<Record<string, string>> = Object.freeze({
  'allWallets.title': 'Todas las billeteras',
  'allWallets.search': 'Buscar billeteras',
  'allWallets.none': 'Ninguna billetera coincide con «{query}».',
  'allWallets.more': 'Mostrar más billeteras',
  'allWallets.count#one': '{count} billetera',
  'allWallets.count#many': '{count} de billeteras',
  'allWallets.count#other': '{count} billeteras',
})
