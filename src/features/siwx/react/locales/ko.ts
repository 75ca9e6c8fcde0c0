/**
 * The sign-in (siwx) feature's copy in Korean, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The sign-in (siwx) feature's copy in Korean. */
export const ko: Readonly<Record<string, string>> = Object.freeze({
  'siwx.title': '로그인',
  'siwx.cancel': '로그인 취소',
  'siwx.explain': '이 사이트에서 지갑으로 로그인하도록 요청합니다.',
  'siwx.site': '사이트',
  'siwx.account': '계정',
  'siwx.network': '네트워크',
  'siwx.statement': '메시지',
  'siwx.otherSite':
    '이 메시지는 현재 페이지인 {page}가 아니라 {domain}을(를) 위한 것입니다. 신뢰하는 경우에만 서명하세요.',
  'siwx.free':
    '서명은 계정이 본인의 것임을 증명합니다. 비용이 들지 않으며 트랜잭션을 보내지 않습니다.',
  'siwx.sign': '로그인',
  'siwx.signing': '지갑의 응답을 기다리는 중…',
  'error.SIWX_NOT_ENABLED': '지갑 로그인이 활성화되어 있지 않습니다',
  'error.SIWX_VERIFICATION_FAILED': '로그인을 확인할 수 없습니다',
  'siwx.requiredNotice':
    '이 사이트는 로그인이 필요합니다. 로그인하거나, 로그인을 취소해 연결을 해제하세요.',
  'siwx.signedIn': '이 계정으로 로그인됨',
  'siwx.signedOut': '로그인되지 않음',
  'siwx.signOut': '로그아웃',
  'siwx.signInAgain': '로그인',
})
