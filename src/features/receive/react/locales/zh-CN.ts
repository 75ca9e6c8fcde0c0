/**
 * The receive feature's copy in Chinese (Simplified, China), fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The receive feature's copy in Chinese (Simplified, China). */
export const zhCN: Readonly<Record<string, string>> = Object.freeze({
  'receive.title': '接收',
  'receive.address': '您的地址',
  'receive.qr': '您的地址二维码',
  'receive.copy': '复制地址',
  'receive.copied': '地址已复制',
  'receive.network': '网络：{network}',
  'receive.warning':
    '请仅向此地址发送 {network} 上的 {family} 资产。从其他网络或其他链系发送的资产可能会丢失。',
  'receive.family.eip155': 'EVM',
  'receive.family.solana': 'Solana',
  'receive.family.polkadot': '波卡',
  'receive.family.bip122': '比特币',
  'receive.disconnected': '连接钱包后即可查看接收地址。',
})
