/**
 * The WalletConnect pairing feature's copy in Arabic, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The WalletConnect pairing feature's copy in Arabic. */
export const ar: Readonly<Record<string, string>> = Object.freeze({
  'walletConnect.scan': 'امسح الرمز بمحفظة هاتفك',
  'walletConnect.qr': 'رمز QR لـ WalletConnect',
  'walletConnect.copy': 'نسخ الرابط',
  'walletConnect.copied': 'تم نسخ الرابط',
  'walletConnect.preparing': 'جارٍ تجهيز الاتصال…',
  'walletConnect.open': 'افتح {wallet}',
})
