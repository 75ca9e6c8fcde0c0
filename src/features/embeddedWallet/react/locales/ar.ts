/**
 * The embedded wallet feature's copy in Arabic, fetched the first time a page shows the feature in
 * that language.
 * The email and provider sit in Unicode isolates (U+2068 to U+2069), so inside right-to-left
 * text they keep their own direction.
 * @module
 */

/** The embedded wallet feature's copy in Arabic. */
export const ar: Readonly<Record<string, string>> = Object.freeze({
  'embeddedWallet.emailTitle': 'المتابعة بالبريد الإلكتروني',
  'embeddedWallet.emailLabel': 'البريد الإلكتروني',
  'embeddedWallet.continue': 'متابعة',
  'embeddedWallet.sending': 'جارٍ إرسال رمز…',
  'embeddedWallet.otpTitle': 'أدخل الرمز',
  'embeddedWallet.otpExplain': 'أرسلنا رمزًا إلى ⁨{email}⁩.',
  'embeddedWallet.otpLabel': 'الرمز',
  'embeddedWallet.verify': 'تحقق',
  'embeddedWallet.deviceTitle': 'وافق على هذا الجهاز',
  'embeddedWallet.deviceExplain': 'افتح الرابط الذي أرسلناه إلى ⁨{email}⁩ للموافقة على هذا الجهاز.',
  'embeddedWallet.socialTitle': 'المتابعة بحساب اجتماعي',
  'embeddedWallet.socialWith': 'المتابعة باستخدام ⁨{provider}⁩',
  'embeddedWallet.socialWaiting': 'أكمل تسجيل الدخول في النافذة التي فُتحت.',
  'embeddedWallet.approveTitle': 'وافق في محفظتك',
  'embeddedWallet.approveExplain': 'تطلب محفظتك موافقتك. إغلاق هذه النافذة يرفض الطلب.',
  'embeddedWallet.smartAccountLater':
    'الحسابات الذكية غير متاحة بعد مع تسجيل الدخول بالبريد الإلكتروني أو الحسابات الاجتماعية: هذا حساب عادي (EOA).',
  'embeddedWallet.updateEmailTitle': 'تغيير البريد الإلكتروني',
  'embeddedWallet.updateEmailCurrent': 'بريدك الإلكتروني الحالي: {email}',
  'embeddedWallet.updateEmailLabel': 'البريد الإلكتروني الجديد',
  'embeddedWallet.updatePrimaryTitle': 'أكّد بريدك الإلكتروني الحالي',
  'embeddedWallet.updatePrimaryExplain':
    'لتغيير بريدك الإلكتروني، أدخل الرمز الذي أرسلناه إلى {email}.',
  'embeddedWallet.updateSecondaryTitle': 'أكّد بريدك الإلكتروني الجديد',
  'notice.EMAIL_UPDATED': 'أصبح بريدك الإلكتروني الآن {email}',
})
