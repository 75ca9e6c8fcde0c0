/**
 * The wallet registry feature's copy in Turkish, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The wallet registry feature's copy in Turkish. */
export const tr: Readonly<Record<string, string>> = Object.freeze({
  'allWallets.title': 'Tüm cüzdanlar',
  'allWallets.search': 'Cüzdan ara',
  'allWallets.none': '“{query}” ile eşleşen cüzdan yok.',
  'allWallets.more': 'Daha fazla cüzdan göster',
  'allWallets.count#one': '{count} cüzdan',
  'allWallets.count#other': '{count} cüzdan',
})
