import { defineChain } from 'viem'
import { expect, test } from 'vitest'
import { eip155RpcUrls } from './transport.js'

const chain = defineChain({
  id: 8453,
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
})

test('behavior: configured node URLs win', () => {
  expect(eip155RpcUrls({ chain, rpcUrls: ['http://127.0.0.1:8545'], projectId: 'p' })).toEqual([
    'http://127.0.0.1:8545',
  ])
})

test('behavior: without a node URL, the gateway gets chainId and projectId query parameters (§7)', () => {
  const [url] = eip155RpcUrls({ chain, rpcUrls: [], projectId: 'my project' })
  const parsed = new URL(url!)
  expect(parsed.origin + parsed.pathname).toBe('https://rpc.walletconnect.org/v1/')
  expect(parsed.searchParams.get('chainId')).toBe('eip155:8453')
  expect(parsed.searchParams.get('projectId')).toBe('my project')
  expect(
    eip155RpcUrls({ chain, rpcUrls: [], projectId: 'p', gatewayUrl: 'http://127.0.0.1:9/rpc' })[0],
  ).toMatch(/^http:\/\/127\.0\.0\.1:9\/rpc\?chainId=/)
})

test('behavior: without either, the chain definition’s public URLs are used', () => {
  expect(eip155RpcUrls({ chain, rpcUrls: [] })).toEqual(['https://mainnet.base.org'])
})
