import type { FrameMessages } from '../copy.js'
import { POPUP_COPY } from '../popupCopy.js'

/** The wallet origin's texts in Japanese. */
export const ja: FrameMessages = {
  ...POPUP_COPY.ja,
  'frame.title': 'Gangway ウォレット',
  'create.title': 'ウォレットを作成',
  'create.body':
    '{site} のウォレットはこのデバイスのパスキーで保護されています。パスキーがなければ、{walletOrigin} を含め誰も使用できません。',
  'create.button': 'パスキーを作成',
  'recoveryKey.title': '復元キーを保管してください',
  'recoveryKey.body':
    'このキーとこのパスキーがあれば、ウォレットのサーバーが停止していても {recoverUrl} でウォレットを復元できます。パスワードマネージャーなど安全な場所に保管してください:',
  'recoveryKey.button': '保存しました',
  'approve.title': '{site} からの依頼: {method}',
  'approve.network': 'ネットワーク: {chainId}',
  'approve.approve': '承認',
  'approve.reject': '拒否',
  'summary.signMessage': 'このメッセージに署名:',
  'summary.signTypedData': '{app} の {primaryType} に署名',
  'summary.signTypedDataNoApp': '{primaryType} に署名',
  'summary.send': '{amount} {symbol} を {to} に送金',
  'summary.callContract':
    'コントラクト {to} を {amount} {symbol} 付きで呼び出し（データ {selector}…）',
  'summary.createAccount': 'アカウント {account} を {amount} {symbol} で作成',
  'summary.sendToken': 'トークン {mint} を {amount} トークンアカウント {to} に送金',
  'summary.sendTokenBaseUnits': 'トークンの基本単位 {amount} をトークンアカウント {to} に送金',
  'summary.createTokenAccount':
    'トークン {mint} 用に {owner} のトークンアカウント {account} を作成',
  'summary.computeBudget': 'トランザクションの手数料と計算上限を設定',
  'summary.memo': 'メモ: {memo}',
  'summary.callProgram': 'プログラム {program} を呼び出し（アカウント数: {count}）',
  'export.title': '復元フレーズを表示',
  'export.body':
    'これらの単語を知っている人は誰でもウォレットから送金できます。画面を誰にも見られないようにしてください。パスキーで本人確認を行います。',
  'export.continue': '続行',
  'export.cancel': 'キャンセル',
  'phrase.title': 'あなたの復元フレーズ',
  'phrase.done': '完了',
  'recover.title': 'ウォレットを復元',
  'recover.intro':
    'ウォレット作成時に保存した復元キーを貼り付けてから、このウォレットのパスキーを使用してください。このページから外部には何も送信されません。',
  'recover.keyLabel': '復元キー',
  'recover.submit': 'パスキーで復元',
  'recover.usePasskey': 'パスキーを使用してください…',
  'recover.done': '復元しました。',
  'recover.notAKey': 'これは Gangway の復元キーではありません。',
  'recover.wrongPasskey': 'この復元キーはこのパスキーでは開けません。',
  'recover.yourWallet': 'あなたのウォレット',
  'recover.ethereumAddress': 'Ethereum アドレス',
  'recover.solanaAddress': 'Solana アドレス',
  'recover.phrase': '復元フレーズ',
  'recover.warning':
    '復元フレーズを知っている人は誰でもこのウォレットから送金できます。信頼できるウォレットにのみインポートし、その後このページを閉じてください。',
}
