/**
 * The WalletConnect pairing feature's copy in Turkish, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The WalletConnect pairing feature's copy in Turkish. */
export const tr: Readonly<Record<string, string>> = Object.freeze({
  'walletConnect.scan': 'Telefonunuzdaki cüzdanla tarayın',
  'walletConnect.qr': 'WalletConnect QR kodu',
  'walletConnect.copy': 'Bağlantıyı kopyala',
  'walletConnect.copied': 'Bağlantı kopyalandı',
  'walletConnect.preparing': 'Bağlantı hazırlanıyor…',
  'walletConnect.open': '{wallet} uygulamasını aç',
})
