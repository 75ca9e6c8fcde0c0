/**
 * The WalletConnect pairing feature's copy in Chinese (Simplified, China), fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The WalletConnect pairing feature's copy in Chinese (Simplified, China). */
export const zhCN: Readonly<Record<string, string>> = Object.freeze({
  'walletConnect.scan': '使用手机钱包扫描',
  'walletConnect.qr': 'WalletConnect 二维码',
  'walletConnect.copy': '复制链接',
  'walletConnect.copied': '链接已复制',
  'walletConnect.preparing': '正在准备连接…',
  'walletConnect.open': '打开 {wallet}',
})
