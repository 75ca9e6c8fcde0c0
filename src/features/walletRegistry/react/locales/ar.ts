/**
 * The wallet registry feature's copy in Arabic, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The wallet registry feature's copy in Arabic. */
export const ar: Readonly<Record<string, string>> = Object.freeze({
  'allWallets.title': 'كل المحافظ',
  'allWallets.search': 'ابحث عن المحافظ',
  'allWallets.none': 'لا توجد محفظة تطابق «{query}».',
  'allWallets.more': 'عرض المزيد من المحافظ',
  'allWallets.count#zero': '{count} محفظة',
  'allWallets.count#one': '{count} محفظة',
  'allWallets.count#two': '{count} محفظتان',
  'allWallets.count#few': '{count} محافظ',
  'allWallets.count#many': '{count} محفظة',
  'allWallets.count#other': '{count} محفظة',
})
