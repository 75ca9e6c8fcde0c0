/**
 * The send feature's copy in Portuguese, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The send feature's copy in Portuguese. */
export const pt: Readonly<Record<string, string>> = Object.freeze({
  'send.title': 'Enviar',
  'send.token': 'Token',
  'send.amount': 'Valor',
  'send.receiver': 'Endereço do destinatário',
  'send.max': 'Máx.',
  'send.review': 'Revisar',
  'send.preview': 'Revise a transferência',
  'send.previewLine': 'Enviar {amount} {symbol} para {receiver}',
  'send.confirm': 'Enviar agora',
  'send.sending': 'Enviando…',
  'send.speed': 'Velocidade de confirmação',
  'send.speed.standard': 'Padrão',
  'send.speed.fast': 'Rápida',
  'send.speed.instant': 'Instantânea',
  'send.fee': 'Taxa de rede',
  'send.total': 'Total',
  'send.quoting': 'Calculando a taxa de rede…',
  'sent.pending': 'Transação enviada, aguardando mineração:',
  'sent.success': 'Transação confirmada:',
  'sent.reverted': 'Transação revertida:',
  'error.INVALID_SEND_INPUT': 'Insira um valor e um endereço de destinatário válidos',
  'error.SEND_FAILED': 'Falha ao enviar a transação. Tente novamente.',
  'sent.copy': 'Copiar o hash da transação',
  'sent.copied': 'Hash copiado',
  'send.fiat': '≈ {value}',
  'send.value': 'Valor',
  'send.network': 'Rede',
  'send.amountPlaceholder': '0,0',
  'send.receiverPlaceholder': 'Endereço',
  'send.receiverPlaceholder.eip155': '0x…',
  'send.receiverInvalid': 'Este não é um endereço válido nesta rede',
  'send.receiverChecksum':
    'Este endereço tem uma letra maiúscula errada (checksum): copie-o novamente da origem',
  'send.receiverName': 'Nomes não são aceitos aqui: digite o endereço',
  'send.amountInvalid': 'Digite um valor válido',
})
