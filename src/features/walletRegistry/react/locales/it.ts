/**
 * The wallet registry feature's copy in Italian, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The wallet registry feature's copy in Italian. */
export const it: Readonly<Record<string, string>> = Object.freeze({
  'allWallets.title': 'Tutti i wallet',
  'allWallets.search': 'Cerca wallet',
  'allWallets.none': 'Nessun wallet corrisponde a «{query}».',
  'allWallets.more': 'Mostra altri wallet',
  'allWallets.count#one': '{count} wallet',
  'allWallets.count#many': '{count} di wallet',
  'allWallets.count#other': '{count} wallet',
})
