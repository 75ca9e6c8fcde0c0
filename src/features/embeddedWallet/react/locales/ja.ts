/**
 * The embedded wallet feature's copy in Japanese, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The embedded wallet feature's copy in Japanese. */
export const ja: Readonly<Record<string, string>> = Object.freeze({
  'embeddedWallet.emailTitle': 'メールで続行',
  'embeddedWallet.emailLabel': 'メールアドレス',
  'embeddedWallet.continue': '続行',
  'embeddedWallet.sending': 'コードを送信しています…',
  'embeddedWallet.otpTitle': 'コードを入力',
  'embeddedWallet.otpExplain': '{email} にコードを送信しました。',
  'embeddedWallet.otpLabel': 'コード',
  'embeddedWallet.verify': '確認',
  'embeddedWallet.deviceTitle': 'このデバイスを承認',
  'embeddedWallet.deviceExplain':
    'このデバイスを承認するには、{email} に送信したリンクを開いてください。',
  'embeddedWallet.socialTitle': 'ソーシャルアカウントで続行',
  'embeddedWallet.socialWith': '{provider} で続行',
  'embeddedWallet.socialWaiting': '開いたウィンドウでサインインを完了してください。',
  'embeddedWallet.approveTitle': 'ウォレットで承認',
  'embeddedWallet.approveExplain':
    'ウォレットがあなたの承認を求めています。これを閉じるとリクエストは拒否されます。',
  'embeddedWallet.smartAccountLater':
    'メールまたはソーシャルログインではスマートアカウントはまだ利用できません。このアカウントは標準アカウント (EOA) です。',
  'embeddedWallet.updateEmailTitle': 'メールを変更',
  'embeddedWallet.updateEmailCurrent': '現在のメール: {email}',
  'embeddedWallet.updateEmailLabel': '新しいメール',
  'embeddedWallet.updatePrimaryTitle': '現在のメールを確認',
  'embeddedWallet.updatePrimaryExplain':
    'メールを変更するには、{email} に送信したコードを入力してください。',
  'embeddedWallet.updateSecondaryTitle': '新しいメールを確認',
  'notice.EMAIL_UPDATED': 'メールが {email} に変更されました',
})
