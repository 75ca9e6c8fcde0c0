/**
 * The activity feature's copy in Japanese, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The activity feature's copy in Japanese. */
export const ja: Readonly<Record<string, string>> = Object.freeze({
  'account.noActivity': 'まだアクティビティはありません。',
  'activity.loading': 'アクティビティを読み込み中…',
  'activity.title': 'アクティビティ',
  'activity.more': 'さらに読み込む',
  'activity.retry': '再試行',
  'activity.status.pending': '保留中',
  'activity.status.confirmed': '承認済み',
  'activity.status.failed': '失敗',
  'activity.operation.send': '送金',
  'activity.operation.receive': '受取',
  'activity.operation.execute': 'コントラクト呼び出し',
  'activity.to': '宛先',
  'activity.from': '送信元',
  'error.TRANSACTIONS_FETCH_FAILED': 'トランザクションを取得できませんでした',
  'activity.kind.swap': 'スワップ済み',
  'activity.kind.mint': 'ミント済み',
  'activity.kind.approve': '{amount} {symbol} を承認',
  'activity.kind.approveUnlimited': '{symbol} を無制限に承認',
  'activity.operation.approve': '承認済み',
  'activity.copyHash': 'ハッシュをコピー',
  'activity.hashCopied': 'ハッシュをコピーしました',
})
