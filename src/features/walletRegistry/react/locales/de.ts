/**
 * The wallet registry feature's copy in German, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The wallet registry feature's copy in German. */
export const de: Readonly<Record<string, string>> = Object.freeze({
  'allWallets.title': 'Alle Wallets',
  'allWallets.search': 'Wallets suchen',
  'allWallets.none': 'Keine Wallet passt zu „{query}“.',
  'allWallets.more': 'Weitere Wallets anzeigen',
  'allWallets.count#one': '{count} Wallet',
  'allWallets.count#other': '{count} Wallets',
})
