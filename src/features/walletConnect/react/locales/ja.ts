/**
 * The WalletConnect pairing feature's copy in Japanese, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The WalletConnect pairing feature's copy in Japanese. */
export const ja: Readonly<Record<string, string>> = Object.freeze({
  'walletConnect.scan': 'スマートフォンのウォレットでスキャン',
  'walletConnect.qr': 'WalletConnectのQRコード',
  'walletConnect.copy': 'リンクをコピー',
  'walletConnect.copied': 'リンクをコピーしました',
  'walletConnect.preparing': '接続を準備中…',
  'walletConnect.open': '{wallet}を開く',
})
