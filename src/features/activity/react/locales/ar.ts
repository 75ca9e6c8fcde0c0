/**
 * The activity feature's copy in Arabic, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The activity feature's copy in Arabic. */
export const ar: Readonly<Record<string, string>> = Object.freeze({
  'account.noActivity': 'لا يوجد نشاط بعد.',
  'activity.loading': 'جارٍ تحميل النشاط…',
  'activity.title': 'النشاط',
  'activity.more': 'تحميل المزيد',
  'activity.retry': 'إعادة المحاولة',
  'activity.status.pending': 'قيد الانتظار',
  'activity.status.confirmed': 'مؤكَّدة',
  'activity.status.failed': 'فشلت',
  'activity.operation.send': 'مُرسَل',
  'activity.operation.receive': 'مُستلَم',
  'activity.operation.execute': 'استدعاء عقد',
  'activity.to': 'إلى',
  'activity.from': 'من',
  'error.TRANSACTIONS_FETCH_FAILED': 'تعذّر جلب المعاملات',
  'activity.kind.swap': 'تم التبديل',
  'activity.kind.mint': 'تم السك',
  'activity.kind.approve': 'تمت الموافقة على \u2068{amount} {symbol}\u2069',
  'activity.kind.approveUnlimited': 'تمت الموافقة على \u2068{symbol}\u2069 بلا حد',
  'activity.operation.approve': 'تمت الموافقة',
  'activity.copyHash': 'نسخ التجزئة',
  'activity.hashCopied': 'تم نسخ التجزئة',
})
