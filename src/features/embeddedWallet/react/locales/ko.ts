/**
 * The embedded wallet feature's copy in Korean, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The embedded wallet feature's copy in Korean. */
export const ko: Readonly<Record<string, string>> = Object.freeze({
  'embeddedWallet.emailTitle': '이메일로 계속',
  'embeddedWallet.emailLabel': '이메일',
  'embeddedWallet.continue': '계속',
  'embeddedWallet.sending': '코드를 보내는 중…',
  'embeddedWallet.otpTitle': '코드 입력',
  'embeddedWallet.otpExplain': '{email}(으)로 코드를 보냈습니다.',
  'embeddedWallet.otpLabel': '코드',
  'embeddedWallet.verify': '확인',
  'embeddedWallet.deviceTitle': '이 기기 승인',
  'embeddedWallet.deviceExplain': '이 기기를 승인하려면 {email}(으)로 보낸 링크를 여세요.',
  'embeddedWallet.socialTitle': '소셜 계정으로 계속',
  'embeddedWallet.socialWith': '{provider}(으)로 계속',
  'embeddedWallet.socialWaiting': '열린 창에서 로그인을 완료하세요.',
  'embeddedWallet.approveTitle': '지갑에서 승인',
  'embeddedWallet.approveExplain': '지갑이 승인을 요청합니다. 이 창을 닫으면 요청이 거부됩니다.',
  'embeddedWallet.smartAccountLater':
    '이메일 또는 소셜 로그인에서는 아직 스마트 계정을 사용할 수 없습니다. 이 계정은 표준 계정(EOA)입니다.',
  'embeddedWallet.updateEmailTitle': '이메일 변경',
  'embeddedWallet.updateEmailCurrent': '현재 이메일: {email}',
  'embeddedWallet.updateEmailLabel': '새 이메일',
  'embeddedWallet.updatePrimaryTitle': '현재 이메일 확인',
  'embeddedWallet.updatePrimaryExplain':
    '이메일을 변경하려면 {email}(으)로 보낸 코드를 입력하세요.',
  'embeddedWallet.updateSecondaryTitle': '새 이메일 확인',
  'notice.EMAIL_UPDATED': '이메일이 {email}(으)로 변경되었습니다',
})
