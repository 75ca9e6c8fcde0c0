/**
 * The wallet registry feature's copy in Korean, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The wallet registry feature's copy in Korean. */
export const ko: Readonly<Record<string, string>> = Object.freeze({
  'allWallets.title': '모든 지갑',
  'allWallets.search': '지갑 검색',
  'allWallets.none': '“{query}”와(과) 일치하는 지갑이 없습니다.',
  'allWallets.more': '지갑 더 보기',
  'allWallets.count#other': '지갑 {count}개',
})
