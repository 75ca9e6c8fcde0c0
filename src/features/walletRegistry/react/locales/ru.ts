/**
 * The wallet registry feature's copy in Russian, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The wallet registry feature's copy in Russian. */
export const ru: Readonly<Record<string, string>> = Object.freeze({
  'allWallets.title': 'Все кошельки',
  'allWallets.search': 'Поиск кошельков',
  'allWallets.none': 'Нет кошельков по запросу «{query}».',
  'allWallets.more': 'Показать больше кошельков',
  'allWallets.count#one': '{count} кошелёк',
  'allWallets.count#few': '{count} кошелька',
  'allWallets.count#many': '{count} кошельков',
  'allWallets.count#other': '{count} кошелька',
})
