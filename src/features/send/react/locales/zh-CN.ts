/**
 * The send feature's copy in Chinese (Simplified, China), fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The send feature's copy in Chinese (Simplified, China). */
export const zhCN: Readonly<Record<string, string>> = Object.freeze({
  'send.title': '发送',
  'send.token': '代币',
  'send.amount': '金额',
  'send.receiver': '收款地址',
  'send.max': '最大',
  'send.review': '核对',
  'send.preview': '核对转账',
  'send.previewLine': '向 {receiver} 发送 {amount} {symbol}',
  'send.confirm': '立即发送',
  'send.sending': '正在发送…',
  'send.speed': '确认速度',
  'send.speed.standard': '标准',
  'send.speed.fast': '快速',
  'send.speed.instant': '即时',
  'send.fee': '网络费用',
  'send.total': '总计',
  'send.quoting': '正在计算网络费用…',
  'sent.pending': '交易已发送，等待打包：',
  'sent.success': '交易已确认：',
  'sent.reverted': '交易已回滚：',
  'error.INVALID_SEND_INPUT': '请输入有效的金额和收款地址',
  'error.SEND_FAILED': '交易发送失败，请重试。',
  'sent.copy': '复制交易哈希',
  'sent.copied': '哈希已复制',
  'send.fiat': '≈ {value}',
  'send.value': '价值',
  'send.network': '网络',
  'send.amountPlaceholder': '0.0',
  'send.receiverPlaceholder': '地址',
  'send.receiverPlaceholder.eip155': '0x…',
  'send.receiverInvalid': '这不是此网络上的有效地址',
  'send.receiverChecksum': '此地址的大小写有误（校验和）：请从来源重新复制',
  'send.receiverName': '此处不支持名称：请输入地址',
  'send.amountInvalid': '请输入有效金额',
})
