/**
 * The receive feature's copy in Korean, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The receive feature's copy in Korean. */
export const ko: Readonly<Record<string, string>> = Object.freeze({
  'receive.title': '받기',
  'receive.address': '내 주소',
  'receive.qr': '내 주소의 QR 코드',
  'receive.copy': '주소 복사',
  'receive.copied': '주소가 복사되었습니다',
  'receive.network': '네트워크: {network}',
  'receive.warning':
    '이 주소로는 {network}의 {family} 자산만 보내세요. 다른 네트워크나 다른 체인 계열에서 보낸 자산은 잃어버릴 수 있습니다.',
  'receive.family.eip155': 'EVM',
  'receive.family.solana': '솔라나',
  'receive.family.polkadot': '폴카닷',
  'receive.family.bip122': '비트코인',
  'receive.disconnected': '받을 주소를 보려면 지갑을 연결하세요.',
})
