/**
 * The sign-in (siwx) feature's copy in Arabic, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The sign-in (siwx) feature's copy in Arabic. */
export const ar: Readonly<Record<string, string>> = Object.freeze({
  'siwx.title': 'تسجيل الدخول',
  'siwx.cancel': 'إلغاء تسجيل الدخول',
  'siwx.explain': 'يطلب منك هذا الموقع تسجيل الدخول بمحفظتك.',
  'siwx.site': 'الموقع',
  'siwx.account': 'الحساب',
  'siwx.network': 'الشبكة',
  'siwx.statement': 'الرسالة',
  'siwx.otherSite':
    'هذه الرسالة موجّهة إلى {domain}، وليست إلى {page}، الصفحة التي أنت عليها. لا توقّع إلا إذا كنت تثق به.',
  'siwx.free': 'يُثبت التوقيع أن الحساب ملكك. إنه مجاني ولا يرسل أي معاملة.',
  'siwx.sign': 'تسجيل الدخول',
  'siwx.signing': 'بانتظار محفظتك…',
  'error.SIWX_NOT_ENABLED': 'تسجيل الدخول بالمحفظة غير مفعّل',
  'error.SIWX_VERIFICATION_FAILED': 'تعذّر التحقق من تسجيل الدخول',
  'siwx.requiredNotice':
    'يطلب منك هذا الموقع تسجيل الدخول. سجّل الدخول، أو ألغِ تسجيل الدخول لقطع الاتصال.',
  'siwx.signedIn': 'تم تسجيل الدخول بهذا الحساب',
  'siwx.signedOut': 'لم يتم تسجيل الدخول',
  'siwx.signOut': 'تسجيل الخروج',
  'siwx.signInAgain': 'تسجيل الدخول',
})
