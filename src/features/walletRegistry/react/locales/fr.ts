/**
 * The wallet registry feature's copy in French, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The wallet registry feature's copy in French. */
export const fr: Readonly<Record<string, string>> = Object.freeze({
  'allWallets.title': 'Tous les wallets',
  'allWallets.search': 'Rechercher des wallets',
  'allWallets.none': 'Aucun wallet ne correspond à « {query} ».',
  'allWallets.more': 'Afficher plus de wallets',
  'allWallets.count#one': '{count} wallet',
  'allWallets.count#many': '{count} de wallets',
  'allWallets.count#other': '{count} wallets',
})
