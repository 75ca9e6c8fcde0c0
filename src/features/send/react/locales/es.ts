/**
 * The send feature's copy in Spanish, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The send feature's copy in Spanish. */
export const es: Readonly<Record<string, string>> = Object.freeze({
  'send.title': 'Enviar',
  'send.token': 'Token',
  'send.amount': 'Importe',
  'send.receiver': 'Dirección del destinatario',
  'send.max': 'Máx.',
  'send.review': 'Revisar',
  'send.preview': 'Revisa la transferencia',
  'send.previewLine': 'Enviar {amount} {symbol} a {receiver}',
  'send.confirm': 'Enviar ahora',
  'send.sending': 'Enviando…',
  'send.speed': 'Velocidad de confirmación',
  'send.speed.standard': 'Normal',
  'send.speed.fast': 'Rápida',
  'send.speed.instant': 'Instantánea',
  'send.fee': 'Comisión de red',
  'send.total': 'Total',
  'send.quoting': 'Calculando la comisión de red…',
  'sent.pending': 'Transacción enviada, esperando a ser minada:',
  'sent.success': 'Transacción confirmada:',
  'sent.reverted': 'Transacción revertida:',
  'error.INVALID_SEND_INPUT': 'Introduce un importe y una dirección de destinatario válidos',
  'error.SEND_FAILED': 'No se pudo enviar la transacción. Vuelve a intentarlo.',
  'sent.copy': 'Copiar el hash de la transacción',
  'sent.copied': 'Hash copiado',
  'send.fiat': '≈ {value}',
  'send.value': 'Valor',
  'send.network': 'Red',
  'send.amountPlaceholder': '0,0',
  'send.receiverPlaceholder': 'Dirección',
  'send.receiverPlaceholder.eip155': '0x…',
  'send.receiverInvalid': 'Esta no es una dirección válida en esta red',
  'send.receiverChecksum':
    'Esta dirección tiene una mayúscula incorrecta (suma de comprobación): cópiala de nuevo desde su origen',
  'send.receiverName': 'Aquí no se admiten nombres: introduce la dirección',
  'send.amountInvalid': 'Introduce un importe válido',
})
