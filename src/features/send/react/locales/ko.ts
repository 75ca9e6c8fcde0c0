/**
 * The send feature's copy in Korean, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The send feature's copy in Korean. */
export const ko: Readonly<Record<string, string>> = Object.freeze({
  'send.title': '보내기',
  'send.token': '토큰',
  'send.amount': '금액',
  'send.receiver': '받는 사람 주소',
  'send.max': '최대',
  'send.review': '검토',
  'send.preview': '전송 내용 검토',
  'send.previewLine': '{receiver}에게 {amount} {symbol} 보내기',
  'send.confirm': '지금 보내기',
  'send.sending': '보내는 중…',
  'send.speed': '확인 속도',
  'send.speed.standard': '표준',
  'send.speed.fast': '빠름',
  'send.speed.instant': '즉시',
  'send.fee': '네트워크 수수료',
  'send.total': '합계',
  'send.quoting': '네트워크 수수료 계산 중…',
  'sent.pending': '트랜잭션을 보냈습니다. 채굴 대기 중:',
  'sent.success': '트랜잭션이 확인되었습니다:',
  'sent.reverted': '트랜잭션이 되돌려졌습니다:',
  'error.INVALID_SEND_INPUT': '올바른 금액과 받는 사람 주소를 입력하세요',
  'error.SEND_FAILED': '트랜잭션을 보내지 못했습니다. 다시 시도하세요.',
  'sent.copy': '트랜잭션 해시 복사',
  'sent.copied': '해시를 복사했습니다',
  'send.fiat': '≈ {value}',
  'send.value': '가치',
  'send.network': '네트워크',
  'send.amountPlaceholder': '0.0',
  'send.receiverPlaceholder': '주소',
  'send.receiverPlaceholder.eip155': '0x…',
  'send.receiverInvalid': '이 네트워크에서 유효한 주소가 아닙니다',
  'send.receiverChecksum': '이 주소의 대문자가 잘못되었습니다(체크섬). 원본에서 다시 복사하세요',
  'send.receiverName': '여기서는 이름을 지원하지 않습니다. 주소를 입력하세요',
  'send.amountInvalid': '올바른 금액을 입력하세요',
})
