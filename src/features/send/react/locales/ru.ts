/**
 * The send feature's copy in Russian, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The send feature's copy in Russian. */
export const ru: Readonly<Record<string, string>> = Object.freeze({
  'send.title': 'Отправить',
  'send.token': 'Токен',
  'send.amount': 'Сумма',
  'send.receiver': 'Адрес получателя',
  'send.max': 'Макс.',
  'send.review': 'Проверить',
  'send.preview': 'Проверьте перевод',
  'send.previewLine': 'Отправить {amount} {symbol} на {receiver}',
  'send.confirm': 'Отправить сейчас',
  'send.sending': 'Отправка…',
  'send.speed': 'Скорость подтверждения',
  'send.speed.standard': 'Обычная',
  'send.speed.fast': 'Быстрая',
  'send.speed.instant': 'Мгновенная',
  'send.fee': 'Комиссия сети',
  'send.total': 'Итого',
  'send.quoting': 'Расчёт комиссии сети…',
  'sent.pending': 'Транзакция отправлена и ожидает включения в блок:',
  'sent.success': 'Транзакция подтверждена:',
  'sent.reverted': 'Транзакция отменена:',
  'error.INVALID_SEND_INPUT': 'Введите корректную сумму и адрес получателя',
  'error.SEND_FAILED': 'Не удалось отправить транзакцию. Повторите попытку.',
  'sent.copy': 'Скопировать хеш транзакции',
  'sent.copied': 'Хеш скопирован',
  'send.fiat': '≈ {value}',
  'send.value': 'Стоимость',
  'send.network': 'Сеть',
  'send.amountPlaceholder': '0,0',
  'send.receiverPlaceholder': 'Адрес',
  'send.receiverPlaceholder.eip155': '0x…',
  'send.receiverInvalid': 'Это недействительный адрес в этой сети',
  'send.receiverChecksum':
    'В этом адресе неверная заглавная буква (контрольная сумма): скопируйте его заново из источника',
  'send.receiverName': 'Имена здесь не поддерживаются: введите адрес',
  'send.amountInvalid': 'Введите корректную сумму',
})
