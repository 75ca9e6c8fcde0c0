/**
 * The send feature's copy in Arabic, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The send feature's copy in Arabic. */
export const ar: Readonly<Record<string, string>> = Object.freeze({
  'send.title': 'إرسال',
  'send.token': 'الرمز',
  'send.amount': 'المبلغ',
  'send.receiver': 'عنوان المستلم',
  'send.max': 'الحد الأقصى',
  'send.review': 'مراجعة',
  'send.preview': 'راجع التحويل',
  'send.previewLine': 'إرسال {amount} {symbol} إلى {receiver}',
  'send.confirm': 'أرسل الآن',
  'send.sending': 'جارٍ الإرسال…',
  'send.speed': 'سرعة التأكيد',
  'send.speed.standard': 'عادية',
  'send.speed.fast': 'سريعة',
  'send.speed.instant': 'فورية',
  'send.fee': 'رسوم الشبكة',
  'send.total': 'الإجمالي',
  'send.quoting': 'جارٍ حساب رسوم الشبكة…',
  'sent.pending': 'أُرسلت المعاملة، وهي بانتظار التعدين:',
  'sent.success': 'تم تأكيد المعاملة:',
  'sent.reverted': 'أُلغيت المعاملة:',
  'error.INVALID_SEND_INPUT': 'يُرجى إدخال مبلغ وعنوان مستلم صالحين',
  'error.SEND_FAILED': 'تعذّر إرسال المعاملة. يُرجى المحاولة مرة أخرى.',
})
