/**
 * The activity feature's copy in Spanish, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The activity feature's copy in Spanish. */
export const es: Readonly<Record<string, string>> = Object.freeze({
  'account.noActivity': 'Aún no hay actividad.',
  'activity.loading': 'Cargando actividad…',
  'activity.title': 'Actividad',
  'activity.more': 'Cargar más',
  'activity.retry': 'Intentar de nuevo',
  'activity.status.pending': 'Pendiente',
  'activity.status.confirmed': 'Confirmada',
  'activity.status.failed': 'Fallida',
  'activity.operation.send': 'Enviado',
  'activity.operation.receive': 'Recibido',
  'activity.operation.execute': 'Llamada a contrato',
  'activity.to': 'a',
  'activity.from': 'de',
  'error.TRANSACTIONS_FETCH_FAILED': 'No se pudieron obtener las transacciones',
  'activity.kind.swap': 'Intercambiado',
  'activity.kind.mint': 'Acuñado',
  'activity.kind.approve': 'Aprobado {amount} {symbol}',
  'activity.kind.approveUnlimited': 'Aprobado {symbol} ilimitado',
  'activity.operation.approve': 'Aprobado',
  'activity.copyHash': 'Copiar hash',
  'activity.hashCopied': 'Hash copiado',
})
