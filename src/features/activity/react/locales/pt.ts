/**
 * The activity feature's copy in Portuguese, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The activity feature's copy in Portuguese. */
export const pt: Readonly<Record<string, string>> = Object.freeze({
  'account.noActivity': 'Nenhuma atividade ainda.',
  'activity.loading': 'Carregando atividade…',
  'activity.title': 'Atividade',
  'activity.more': 'Carregar mais',
  'activity.retry': 'Tentar novamente',
  'activity.status.pending': 'Pendente',
  'activity.status.confirmed': 'Confirmada',
  'activity.status.failed': 'Falhou',
  'activity.operation.send': 'Enviado',
  'activity.operation.receive': 'Recebido',
  'activity.operation.execute': 'Chamada de contrato',
  'activity.to': 'para',
  'activity.from': 'de',
  'error.TRANSACTIONS_FETCH_FAILED': 'Falha ao buscar as transações',
  'activity.kind.swap': 'Trocado',
  'activity.kind.mint': 'Cunhado',
  'activity.kind.approve': 'Aprovado {amount} {symbol}',
  'activity.kind.approveUnlimited': 'Aprovado {symbol} ilimitado',
  'activity.operation.approve': 'Aprovado',
  'activity.copyHash': 'Copiar hash',
  'activity.hashCopied': 'Hash copiado',
})
