/**
 * The receive feature's copy in Russian, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The receive feature's copy in Russian. */
export const ru: Readonly<Record<string, string>> = Object.freeze({
  'receive.title': 'Получить',
  'receive.address': 'Ваш адрес',
  'receive.qr': 'QR-код вашего адреса',
  'receive.copy': 'Скопировать адрес',
  'receive.copied': 'Адрес скопирован',
  'receive.network': 'Сеть: {network}',
  'receive.warning':
    'Отправляйте на этот адрес только активы {family} в сети {network}. Активы, отправленные из другой сети или другого семейства блокчейнов, могут быть потеряны.',
  'receive.family.eip155': 'EVM',
  'receive.family.solana': 'Solana',
  'receive.family.polkadot': 'Polkadot',
  'receive.family.bip122': 'Биткоин',
  'receive.disconnected': 'Подключите кошелёк, чтобы увидеть адрес для получения.',
})
