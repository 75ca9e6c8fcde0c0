/**
 * The send feature's copy in Japanese, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The send feature's copy in Japanese. */
export const ja: Readonly<Record<string, string>> = Object.freeze({
  'send.title': '送金',
  'send.token': 'トークン',
  'send.amount': '金額',
  'send.receiver': '受取人のアドレス',
  'send.max': '最大',
  'send.review': '確認',
  'send.preview': '送金内容を確認',
  'send.previewLine': '{amount} {symbol}を{receiver}に送金',
  'send.confirm': '今すぐ送金',
  'send.sending': '送金中…',
  'send.speed': '承認速度',
  'send.speed.standard': '標準',
  'send.speed.fast': '高速',
  'send.speed.instant': '即時',
  'send.fee': 'ネットワーク手数料',
  'send.total': '合計',
  'send.quoting': 'ネットワーク手数料を計算中…',
  'sent.pending': 'トランザクションを送信しました。マイニング待ち:',
  'sent.success': 'トランザクションが承認されました:',
  'sent.reverted': 'トランザクションが取り消されました:',
  'error.INVALID_SEND_INPUT': '有効な金額と受取人のアドレスを入力してください',
  'error.SEND_FAILED': 'トランザクションを送信できませんでした。もう一度お試しください。',
  'sent.copy': 'トランザクションハッシュをコピー',
  'sent.copied': 'ハッシュをコピーしました',
  'send.fiat': '≈ {value}',
  'send.value': '金額',
  'send.network': 'ネットワーク',
  'send.amountPlaceholder': '0.0',
  'send.receiverPlaceholder': 'アドレス',
  'send.receiverPlaceholder.eip155': '0x…',
  'send.receiverInvalid': 'このネットワークで有効なアドレスではありません',
  'send.receiverChecksum':
    'このアドレスの大文字が正しくありません（チェックサム）。元の場所からもう一度コピーしてください',
  'send.receiverName': 'ここでは名前は使えません。アドレスを入力してください',
  'send.amountInvalid': '有効な金額を入力してください',
})
