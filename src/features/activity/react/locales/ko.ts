/**
 * The activity feature's copy in Korean, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The activity feature's copy in Korean. */
export const ko: Readonly<Record<string, string>> = Object.freeze({
  'account.noActivity': '아직 활동이 없습니다.',
  'activity.loading': '활동을 불러오는 중…',
  'activity.title': '활동',
  'activity.more': '더 불러오기',
  'activity.retry': '다시 시도',
  'activity.status.pending': '대기 중',
  'activity.status.confirmed': '확인됨',
  'activity.status.failed': '실패',
  'activity.operation.send': '보냄',
  'activity.operation.receive': '받음',
  'activity.operation.execute': '컨트랙트 호출',
  'activity.to': '받는 곳',
  'activity.from': '보낸 곳',
  'error.TRANSACTIONS_FETCH_FAILED': '트랜잭션을 가져오지 못했습니다',
  'activity.kind.swap': '스왑됨',
  'activity.kind.mint': '민팅됨',
  'activity.kind.approve': '{amount} {symbol} 승인됨',
  'activity.kind.approveUnlimited': '{symbol} 무제한 승인됨',
  'activity.operation.approve': '승인됨',
  'activity.copyHash': '해시 복사',
  'activity.hashCopied': '해시를 복사했습니다',
})
