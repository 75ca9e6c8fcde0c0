/**
 * The wallet registry feature's copy in Japanese, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The wallet registry feature's copy in Japanese. */
export const ja: Readonly<Record<string, string>> = Object.freeze({
  'allWallets.title': 'すべてのウォレット',
  'allWallets.search': 'ウォレットを検索',
  'allWallets.none': '「{query}」に一致するウォレットはありません。',
  'allWallets.more': 'さらにウォレットを表示',
  'allWallets.count#other': '{count}件のウォレット',
})
