/**
 * The sign-in (siwx) feature's copy in Japanese, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The sign-in (siwx) feature's copy in Japanese. */
export const ja: Readonly<Record<string, string>> = Object.freeze({
  'siwx.title': 'サインイン',
  'siwx.cancel': 'サインインをキャンセル',
  'siwx.explain': 'このサイトはウォレットでのサインインを求めています。',
  'siwx.site': 'サイト',
  'siwx.account': 'アカウント',
  'siwx.network': 'ネットワーク',
  'siwx.statement': 'メッセージ',
  'siwx.otherSite':
    'このメッセージは{domain}向けで、現在のページ{page}向けではありません。信頼できる場合のみ署名してください。',
  'siwx.free':
    '署名はアカウントの所有を証明するものです。費用はかからず、トランザクションも送信されません。',
  'siwx.sign': 'サインイン',
  'siwx.signing': 'ウォレットの応答を待っています…',
  'error.SIWX_NOT_ENABLED': 'ウォレットでのサインインが有効になっていません',
  'error.SIWX_VERIFICATION_FAILED': 'サインインを検証できませんでした',
  'siwx.requiredNotice':
    'このサイトではサインインが必要です。サインインするか、サインインをキャンセルして切断してください。',
  'siwx.signedIn': 'このアカウントでサインイン済み',
  'siwx.signedOut': '未サインイン',
  'siwx.signOut': 'サインアウト',
  'siwx.signInAgain': 'サインイン',
})
