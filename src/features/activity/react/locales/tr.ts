/**
 * The activity feature's copy in Turkish, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The activity feature's copy in Turkish. */
export const tr: Readonly<Record<string, string>> = Object.freeze({
  'account.noActivity': 'Henüz etkinlik yok.',
  'activity.loading': 'Etkinlik yükleniyor…',
  'activity.title': 'Etkinlik',
  'activity.more': 'Daha fazla yükle',
  'activity.retry': 'Tekrar dene',
  'activity.status.pending': 'Beklemede',
  'activity.status.confirmed': 'Onaylandı',
  'activity.status.failed': 'Başarısız',
  'activity.operation.send': 'Gönderildi',
  'activity.operation.receive': 'Alındı',
  'activity.operation.execute': 'Sözleşme çağrısı',
  'activity.to': 'alıcı',
  'activity.from': 'gönderen',
  'error.TRANSACTIONS_FETCH_FAILED': 'İşlemler alınamadı',
  'activity.kind.swap': 'Takas edildi',
  'activity.kind.mint': 'Basıldı',
  'activity.kind.approve': '{amount} {symbol} onaylandı',
  'activity.kind.approveUnlimited': 'Sınırsız {symbol} onaylandı',
  'activity.operation.approve': 'Onaylandı',
  'activity.copyHash': 'Hash’i kopyala',
  'activity.hashCopied': 'Hash kopyalandı',
})
