/**
 * The receive feature's copy in Japanese, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The receive feature's copy in Japanese. */
export const ja: Readonly<Record<string, string>> = Object.freeze({
  'receive.title': '受け取る',
  'receive.address': 'あなたのアドレス',
  'receive.qr': 'あなたのアドレスのQRコード',
  'receive.copy': 'アドレスをコピー',
  'receive.copied': 'アドレスをコピーしました',
  'receive.network': 'ネットワーク: {network}',
  'receive.warning':
    'このアドレスには{network}上の{family}資産のみを送ってください。別のネットワークやチェーンファミリーから送られた資産は失われる可能性があります。',
  'receive.family.eip155': 'EVM',
  'receive.family.solana': 'ソラナ',
  'receive.family.polkadot': 'ポルカドット',
  'receive.family.bip122': 'ビットコイン',
  'receive.disconnected': '受け取り先を表示するにはウォレットを接続してください。',
})
