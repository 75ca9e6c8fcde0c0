import type { FrameMessages } from '../copy.js'
import { POPUP_COPY } from '../popupCopy.js'

/** The wallet origin's texts in Simplified Chinese. */
export const zhCN: FrameMessages = {
  ...POPUP_COPY['zh-CN'],
  'frame.title': 'Gangway 钱包',
  'create.title': '创建钱包',
  'create.body':
    '你在 {site} 上的钱包由此设备上的通行密钥保护。没有通行密钥，任何人（包括 {walletOrigin}）都无法使用它。',
  'create.button': '创建通行密钥',
  'recoveryKey.title': '保管好你的恢复密钥',
  'recoveryKey.body':
    '凭它和此通行密钥，即使钱包服务器宕机，你也可以在 {recoverUrl} 恢复钱包。请将其保存在安全的地方，例如密码管理器：',
  'recoveryKey.button': '我已保存',
  'approve.title': '{site} 请求：{method}',
  'approve.network': '网络：{chainId}',
  'approve.approve': '批准',
  'approve.reject': '拒绝',
  'summary.signMessage': '签署此消息：',
  'summary.signTypedData': '为 {app} 签署 {primaryType}',
  'summary.signTypedDataNoApp': '签署 {primaryType}',
  'summary.send': '向 {to} 发送 {amount} {symbol}',
  'summary.callContract': '调用合约 {to}，附带 {amount} {symbol}（数据 {selector}…）',
  'summary.createAccount': '创建账户 {account}，存入 {amount} {symbol}',
  'summary.sendToken': '向代币账户 {to} 发送代币 {mint}，数量 {amount}',
  'summary.sendTokenBaseUnits': '向代币账户 {to} 发送某代币的 {amount} 个基本单位',
  'summary.createTokenAccount': '为代币 {mint} 创建 {owner} 的代币账户 {account}',
  'summary.computeBudget': '设置交易的手续费和计算上限',
  'summary.memo': '备注：{memo}',
  'summary.callProgram': '调用程序 {program}（账户数：{count}）',
  'export.title': '显示恢复短语',
  'export.body':
    '任何知道这些单词的人都可以动用你钱包中的资产。请确保没有人能看到你的屏幕。你的通行密钥将确认是你本人。',
  'export.continue': '继续',
  'export.cancel': '取消',
  'phrase.title': '你的恢复短语',
  'phrase.done': '完成',
  'recover.title': '恢复钱包',
  'recover.intro':
    '粘贴你在创建钱包时保存的恢复密钥，然后使用此钱包的通行密钥。任何内容都不会离开此页面。',
  'recover.keyLabel': '恢复密钥',
  'recover.submit': '使用我的通行密钥恢复',
  'recover.usePasskey': '请使用你的通行密钥…',
  'recover.done': '已恢复。',
  'recover.notAKey': '这不是 Gangway 恢复密钥。',
  'recover.wrongPasskey': '此恢复密钥无法用此通行密钥打开。',
  'recover.yourWallet': '你的钱包',
  'recover.ethereumAddress': 'Ethereum 地址',
  'recover.solanaAddress': 'Solana 地址',
  'recover.phrase': '恢复短语',
  'recover.warning':
    '任何拥有恢复短语的人都可以动用此钱包中的资产。只将其导入你信任的钱包，然后关闭此页面。',
}
