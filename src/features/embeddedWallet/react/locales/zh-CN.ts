/**
 * The embedded wallet feature's copy in Simplified Chinese, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The embedded wallet feature's copy in Simplified Chinese. */
export const zhCN: Readonly<Record<string, string>> = Object.freeze({
  'embeddedWallet.emailTitle': '使用电子邮件继续',
  'embeddedWallet.emailLabel': '电子邮件',
  'embeddedWallet.continue': '继续',
  'embeddedWallet.sending': '正在发送验证码…',
  'embeddedWallet.otpTitle': '输入验证码',
  'embeddedWallet.otpExplain': '我们已向 {email} 发送了验证码。',
  'embeddedWallet.otpLabel': '验证码',
  'embeddedWallet.verify': '验证',
  'embeddedWallet.deviceTitle': '批准此设备',
  'embeddedWallet.deviceExplain': '打开我们发送到 {email} 的链接以批准此设备。',
  'embeddedWallet.socialTitle': '使用社交账户继续',
  'embeddedWallet.socialWith': '使用 {provider} 继续',
  'embeddedWallet.socialWaiting': '请在打开的窗口中完成登录。',
  'embeddedWallet.approveTitle': '在钱包中批准',
  'embeddedWallet.approveExplain': '你的钱包正在请求你的批准。关闭此窗口将拒绝该请求。',
  'embeddedWallet.smartAccountLater':
    '电子邮件或社交登录暂不支持智能账户：此账户为标准账户 (EOA)。',
  'embeddedWallet.updateEmailTitle': '更改邮箱',
  'embeddedWallet.updateEmailCurrent': '当前邮箱：{email}',
  'embeddedWallet.updateEmailLabel': '新邮箱',
  'embeddedWallet.updatePrimaryTitle': '确认当前邮箱',
  'embeddedWallet.updatePrimaryExplain': '要更改邮箱，请输入我们发送到 {email} 的验证码。',
  'embeddedWallet.updateSecondaryTitle': '确认新邮箱',
  'notice.EMAIL_UPDATED': '你的邮箱已更改为 {email}',
})
