import type { FrameMessages } from '../copy.js'
import { POPUP_COPY } from '../popupCopy.js'

/** The wallet origin's texts in Korean. */
export const ko: FrameMessages = {
  ...POPUP_COPY.ko,
  'frame.title': 'Gangway 지갑',
  'create.title': '지갑 만들기',
  'create.body':
    '{site}의 지갑은 이 기기의 패스키로 보호됩니다. 패스키 없이는 {walletOrigin}을(를) 포함한 누구도 사용할 수 없습니다.',
  'create.button': '패스키 만들기',
  'recoveryKey.title': '복구 키를 보관하세요',
  'recoveryKey.body':
    '이 키와 이 패스키가 있으면 지갑 서버가 중단된 동안에도 {recoverUrl}에서 지갑을 복구할 수 있습니다. 비밀번호 관리자처럼 안전한 곳에 보관하세요:',
  'recoveryKey.button': '저장했습니다',
  'approve.title': '{site}의 요청: {method}',
  'approve.network': '네트워크: {chainId}',
  'approve.approve': '승인',
  'approve.reject': '거부',
  'summary.signMessage': '이 메시지에 서명:',
  'summary.signTypedData': '{app}의 {primaryType}에 서명',
  'summary.signTypedDataNoApp': '{primaryType}에 서명',
  'summary.send': '{to}(으)로 {amount} {symbol} 보내기',
  'summary.callContract': '{amount} {symbol}(으)로 컨트랙트 {to} 호출 (데이터 {selector}…)',
  'summary.createAccount': '{amount} {symbol}(으)로 계정 {account} 만들기',
  'summary.sendToken': '토큰 {mint} {amount}을(를) 토큰 계정 {to}(으)로 보내기',
  'summary.sendTokenBaseUnits': '토큰의 기본 단위 {amount}을(를) 토큰 계정 {to}(으)로 보내기',
  'summary.createTokenAccount': '토큰 {mint}에 대한 {owner}의 토큰 계정 {account} 만들기',
  'summary.computeBudget': '트랜잭션 수수료와 연산 한도 설정',
  'summary.memo': '메모: {memo}',
  'summary.callProgram': '프로그램 {program} 호출 (계정 수: {count})',
  'export.title': '복구 문구 보기',
  'export.body':
    '이 단어를 아는 사람은 누구나 지갑에서 자산을 보낼 수 있습니다. 아무도 화면을 볼 수 없는지 확인하세요. 패스키로 본인임을 확인합니다.',
  'export.continue': '계속',
  'export.cancel': '취소',
  'phrase.title': '복구 문구',
  'phrase.done': '완료',
  'recover.title': '지갑 복구',
  'recover.intro':
    '지갑을 만들 때 저장한 복구 키를 붙여 넣은 다음 이 지갑의 패스키를 사용하세요. 이 페이지 밖으로 전송되는 것은 없습니다.',
  'recover.keyLabel': '복구 키',
  'recover.submit': '내 패스키로 복구',
  'recover.usePasskey': '패스키를 사용하세요…',
  'recover.done': '복구되었습니다.',
  'recover.notAKey': 'Gangway 복구 키가 아닙니다.',
  'recover.wrongPasskey': '이 복구 키는 이 패스키로 열리지 않습니다.',
  'recover.yourWallet': '내 지갑',
  'recover.ethereumAddress': 'Ethereum 주소',
  'recover.solanaAddress': 'Solana 주소',
  'recover.phrase': '복구 문구',
  'recover.warning':
    '복구 문구를 가진 사람은 누구나 이 지갑에서 자산을 보낼 수 있습니다. 신뢰하는 지갑에만 가져온 다음 이 페이지를 닫으세요.',
}
