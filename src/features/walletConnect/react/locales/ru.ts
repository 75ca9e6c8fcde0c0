/**
 * The WalletConnect pairing feature's copy in Russian, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The WalletConnect pairing feature's copy in Russian. */
export const ru: Readonly<Record<string, string>> = Object.freeze({
  'walletConnect.scan': 'Отсканируйте кошельком на телефоне',
  'walletConnect.qr': 'QR-код WalletConnect',
  'walletConnect.copy': 'Скопировать ссылку',
  'walletConnect.copied': 'Ссылка скопирована',
  'walletConnect.preparing': 'Подготовка подключения…',
  'walletConnect.open': 'Открыть {wallet}',
})
