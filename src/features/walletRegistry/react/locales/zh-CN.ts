/**
 * The wallet registry feature's copy in Chinese (Simplified, China), fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The wallet registry feature's copy in Chinese (Simplified, China). */
export const zhCN: Readonly<Record<string, string>> = Object.freeze({
  'allWallets.title': '所有钱包',
  'allWallets.search': '搜索钱包',
  'allWallets.none': '没有与“{query}”匹配的钱包。',
  'allWallets.more': '显示更多钱包',
  'allWallets.count#other': '{count} 个钱包',
})
