/**
 * The send feature's copy in Turkish, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The send feature's copy in Turkish. */
export const tr: Readonly<Record<string, string>> = Object.freeze({
  'send.title': 'Gönder',
  'send.token': 'Token',
  'send.amount': 'Tutar',
  'send.receiver': 'Alıcı adresi',
  'send.max': 'Maks.',
  'send.review': 'İncele',
  'send.preview': 'Transferi inceleyin',
  'send.previewLine': '{receiver} adresine {amount} {symbol} gönder',
  'send.confirm': 'Şimdi gönder',
  'send.sending': 'Gönderiliyor…',
  'send.speed': 'Onay hızı',
  'send.speed.standard': 'Normal',
  'send.speed.fast': 'Hızlı',
  'send.speed.instant': 'Anında',
  'send.fee': 'Ağ ücreti',
  'send.total': 'Toplam',
  'send.quoting': 'Ağ ücreti hesaplanıyor…',
  'sent.pending': 'İşlem gönderildi, madencilik bekleniyor:',
  'sent.success': 'İşlem onaylandı:',
  'sent.reverted': 'İşlem geri alındı:',
  'error.INVALID_SEND_INPUT': 'Lütfen geçerli bir tutar ve alıcı adresi girin',
  'error.SEND_FAILED': 'İşlem gönderilemedi. Lütfen tekrar deneyin.',
  'sent.copy': 'İşlem hash’ini kopyala',
  'sent.copied': 'Hash kopyalandı',
  'send.fiat': '≈ {value}',
  'send.value': 'Değer',
  'send.network': 'Ağ',
  'send.amountPlaceholder': '0,0',
  'send.receiverPlaceholder': 'Adres',
  'send.receiverPlaceholder.eip155': '0x…',
  'send.receiverInvalid': 'Bu, bu ağda geçerli bir adres değil',
  'send.receiverChecksum':
    'Bu adreste yanlış bir büyük harf var (sağlama toplamı): kaynağından yeniden kopyalayın',
  'send.receiverName': 'Burada adlar desteklenmiyor: adresi girin',
  'send.amountInvalid': 'Lütfen geçerli bir tutar girin',
})
