/**
 * The activity feature's copy in Russian, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The activity feature's copy in Russian. */
export const ru: Readonly<Record<string, string>> = Object.freeze({
  'account.noActivity': 'Активности пока нет.',
  'activity.loading': 'Загрузка активности…',
  'activity.title': 'Активность',
  'activity.more': 'Загрузить ещё',
  'activity.retry': 'Повторить',
  'activity.status.pending': 'В ожидании',
  'activity.status.confirmed': 'Подтверждена',
  'activity.status.failed': 'Не выполнена',
  'activity.operation.send': 'Отправлено',
  'activity.operation.receive': 'Получено',
  'activity.operation.execute': 'Вызов контракта',
  'activity.to': 'кому',
  'activity.from': 'от',
  'error.TRANSACTIONS_FETCH_FAILED': 'Не удалось получить транзакции',
  'activity.kind.swap': 'Обмен',
  'activity.kind.mint': 'Выпуск',
  'activity.kind.approve': 'Одобрено {amount} {symbol}',
  'activity.kind.approveUnlimited': 'Одобрено без лимита: {symbol}',
  'activity.operation.approve': 'Одобрено',
  'activity.copyHash': 'Скопировать хеш',
  'activity.hashCopied': 'Хеш скопирован',
})
