/**
 * The sign-in (siwx) feature's copy in Chinese (Simplified, China), fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The sign-in (siwx) feature's copy in Chinese (Simplified, China). */
export const zhCN: Readonly<Record<string, string>> = Object.freeze({
  'siwx.title': '登录',
  'siwx.cancel': '取消登录',
  'siwx.explain': '此网站请求您使用钱包登录。',
  'siwx.site': '网站',
  'siwx.account': '账户',
  'siwx.network': '网络',
  'siwx.statement': '消息',
  'siwx.otherSite': '此消息是发给 {domain} 的，而不是您当前所在的页面 {page}。请仅在信任它时签名。',
  'siwx.free': '签名可证明该账户归您所有。它不产生任何费用，也不会发送任何交易。',
  'siwx.sign': '登录',
  'siwx.signing': '正在等待您的钱包…',
  'error.SIWX_NOT_ENABLED': '未启用钱包登录',
  'error.SIWX_VERIFICATION_FAILED': '无法验证此次登录',
  'siwx.requiredNotice': '此网站需要你登录。请登录，或取消登录以断开连接。',
  'siwx.signedIn': '已使用此账户登录',
  'siwx.signedOut': '未登录',
  'siwx.signOut': '退出登录',
  'siwx.signInAgain': '登录',
})
