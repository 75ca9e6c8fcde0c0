/**
 * The activity feature's copy in Chinese (Simplified, China), fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The activity feature's copy in Chinese (Simplified, China). */
export const zhCN: Readonly<Record<string, string>> = Object.freeze({
  'account.noActivity': '暂无活动。',
  'activity.loading': '正在加载活动…',
  'activity.title': '活动',
  'activity.more': '加载更多',
  'activity.retry': '重试',
  'activity.status.pending': '待处理',
  'activity.status.confirmed': '已确认',
  'activity.status.failed': '失败',
  'activity.operation.send': '已发送',
  'activity.operation.receive': '已接收',
  'activity.operation.execute': '合约调用',
  'activity.to': '至',
  'activity.from': '来自',
  'error.TRANSACTIONS_FETCH_FAILED': '无法获取交易记录',
  'activity.kind.swap': '已兑换',
  'activity.kind.mint': '已铸造',
  'activity.kind.approve': '已批准 {amount} {symbol}',
  'activity.kind.approveUnlimited': '已批准无限额 {symbol}',
  'activity.operation.approve': '已批准',
  'activity.copyHash': '复制哈希',
  'activity.hashCopied': '哈希已复制',
})
