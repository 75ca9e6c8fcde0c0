/**
 * The receive feature's copy in Arabic, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The receive feature's copy in Arabic. */
export const ar: Readonly<Record<string, string>> = Object.freeze({
  'receive.title': 'استلام',
  'receive.address': 'عنوانك',
  'receive.qr': 'رمز QR لعنوانك',
  'receive.copy': 'نسخ العنوان',
  'receive.copied': 'تم نسخ العنوان',
  'receive.network': 'الشبكة: {network}',
  'receive.warning':
    'أرسل إلى هذا العنوان أصول {family} على {network} فقط. قد تُفقد الأصول المرسلة من شبكة أخرى أو من عائلة سلاسل أخرى.',
  'receive.family.eip155': 'EVM',
  'receive.family.solana': 'سولانا',
  'receive.family.polkadot': 'بولكادوت',
  'receive.family.bip122': 'بيتكوين',
  'receive.disconnected': 'اربط محفظة لترى عنوان الاستلام.',
})
