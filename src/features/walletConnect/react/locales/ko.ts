/**
 * The WalletConnect pairing feature's copy in Korean, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The WalletConnect pairing feature's copy in Korean. */
export const ko: Readonly<Record<string, string>> = Object.freeze({
  'walletConnect.scan': '휴대폰 지갑으로 스캔하세요',
  'walletConnect.qr': 'WalletConnect QR 코드',
  'walletConnect.copy': '링크 복사',
  'walletConnect.copied': '링크가 복사되었습니다',
  'walletConnect.preparing': '연결을 준비하는 중…',
  'walletConnect.open': '{wallet} 열기',
})
