/**
 * The swap feature's copy in Arabic, fetched the first time a page shows the feature in
 * that language.
 * Amounts with their symbols, addresses and rates sit in Unicode isolates (U+2068 or U+2066
 * to U+2069), so inside right-to-left text they still read '0.5 ETH', never 'ETH 0.5'.
 * @module
 */

/** The swap feature's copy in Arabic. */
export const ar: Readonly<Record<string, string>> = Object.freeze({
  'swap.title': 'مبادلة',
  'swap.selectToken': 'اختر رمزًا',
  'swap.preview': 'مراجعة المبادلة',
  'swap.loading': 'جارٍ تحميل الرموز…',
  'swap.pay': 'تدفع',
  'swap.receive': 'تستلم',
  'swap.balance': 'الرصيد: \u2068{amount}\u2069',
  'swap.chooseSource': 'الرمز الذي تدفعه: {symbol}',
  'swap.chooseTo': 'الرمز الذي تستلمه: {symbol}',
  'swap.switch': 'تبديل الرمزين',
  'swap.enterAmount': 'أدخل المبلغ',
  'swap.quoting': 'جارٍ الحصول على عرض سعر…',
  'swap.approve': 'الموافقة على {symbol}',
  'swap.review': 'مراجعة المبادلة',
  'swap.confirm': 'بادِل',
  'swap.sending': 'بانتظار المحفظة…',
  'swap.cancel': 'إلغاء',
  'swap.priceImpact': 'التأثير على السعر: {percent}٪',
  'swap.previewLine':
    'مبادلة \u2068{fromAmount} {fromSymbol}\u2069 مقابل \u2068{toAmount} {toSymbol}\u2069',
  'swap.rate': 'سعر الصرف',
  'swap.rateValue': '\u20661 {from} = {rate} {to}\u2069',
  'swap.providerFee': 'رسوم المزوّد',
  'swap.providerFeeValue': '{percent}٪ (\u2068{amount} {symbol}\u2069)',
  'swap.priceImpactLabel': 'التأثير على السعر',
  'swap.slippage': 'الحد الأقصى للانزلاق',
  'swap.percent': '{percent}٪',
  'swap.minimumReceived': 'الحد الأدنى للاستلام',
  'swap.recipient': 'المستلم',
  'swap.router': 'عقد المبادلة',
  'swap.networkCost': 'تكلفة الشبكة',
  'swap.networkCostValue': '\u2068{amount} {symbol}\u2069 (نحو {usd} دولار أمريكي)',
  'swap.search': 'ابحث عن الرموز',
  'swap.myTokens': 'رموزك',
  'swap.suggested': 'رموز مقترحة',
  'swap.popular': 'رموز شائعة',
  'swap.noTokens': 'لا يوجد رمز يطابق «{query}».',
  'error.SWAP_TRANSACTION_MISMATCH': 'معاملة المبادلة لم تطابق طلبك',
  'error.SWAP_INIT_FAILED': 'تعذّر بدء المبادلة',
  'error.NETWORK_PRICE_FAILED': 'تعذّر جلب سعر رمز الشبكة',
  'error.ALLOWANCE_CHECK_FAILED': 'تعذّر التحقق من الإذن بالصرف',
  'error.APPROVAL_BUILD_FAILED': 'تعذّر إنشاء معاملة الموافقة',
  'error.TRANSACTION_BUILD_FAILED': 'تعذّر إنشاء المعاملة',
  'error.TRANSACTION_ERROR': 'خطأ في المعاملة',
  'error.SWAP_NETWORK_UNSUPPORTED': 'الشبكة غير مدعومة للمبادلات',
  'error.GAS_PRICE_NETWORK_UNSUPPORTED': 'الشبكة غير مدعومة لسعر الغاز',
  'error.SWAP_NO_ROUTE': 'لا يوجد مسار مبادلة بين هذين الرمزين',
})
