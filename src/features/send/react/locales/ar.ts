/**
 * The send feature's copy in Arabic, fetched the first time a page shows the feature in
 * that language.
 * Amounts with their symbols, addresses and rates sit in Unicode isolates (U+2068 or U+2066
 * to U+2069), so inside right-to-left text they still read '0.5 ETH', never 'ETH 0.5'.
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
  'send.previewLine': 'إرسال \u2068{amount} {symbol}\u2069 إلى \u2068{receiver}\u2069',
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
  'sent.copy': 'نسخ تجزئة المعاملة',
  'sent.copied': 'تم نسخ التجزئة',
  'send.fiat': '≈ {value}',
  'send.value': 'القيمة',
  'send.network': 'الشبكة',
  'send.amountPlaceholder': '0.0',
  'send.receiverPlaceholder': 'العنوان',
  'send.receiverPlaceholder.eip155': '0x…',
  'send.receiverInvalid': 'هذا ليس عنوانًا صالحًا على هذه الشبكة',
  'send.receiverChecksum':
    'في هذا العنوان حرف كبير خاطئ (المجموع الاختباري): انسخه مرة أخرى من مصدره',
  'send.receiverName': 'الأسماء غير مدعومة هنا: أدخل العنوان',
  'send.amountInvalid': 'يُرجى إدخال مبلغ صالح',
})
