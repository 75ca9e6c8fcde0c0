/**
 * The server as a browser on another origin meets it: CORS for the origins the operator allows
 * and none for others, and the operator's wallet list served by `/getWallets` of the real server.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RunningServer } from '../../server/index.js'
import { createTestStorage, startTestServer, type TestStorage } from './support/harness.js'

const SHOP = 'https://shop.example'
let storage: TestStorage
let server: RunningServer

beforeAll(async () => {
  storage = await createTestStorage('pglite')
  server = await startTestServer(storage, {
    allowedOrigins: [SHOP],
    wallets: [
      { id: 'alpha', name: 'Alpha Wallet', chains: ['eip155:1'] },
      { id: 'beta', name: 'Beta Wallet', chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] },
      { id: 'gamma', name: 'Gamma Wallet' },
    ],
  })
})
afterAll(async () => {
  await server?.close()
  storage?.remove()
})

test('behavior: an allowed origin may read the answers; any other origin is not let in', async () => {
  const allowed = await fetch(`${server.url}/v1/supported-chains`, { headers: { origin: SHOP } })
  expect(allowed.status).toBe(200)
  expect(allowed.headers.get('access-control-allow-origin')).toBe(SHOP)

  const other = await fetch(`${server.url}/v1/supported-chains`, {
    headers: { origin: 'https://evil.example' },
  })
  expect(other.headers.get('access-control-allow-origin')).toBeNull()

  // A browser's preflight for a JSON POST from the shop is answered with what it may send.
  const preflight = await fetch(`${server.url}/v1/fungible/price`, {
    method: 'OPTIONS',
    headers: {
      origin: SHOP,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  })
  expect(preflight.status).toBeLessThan(300)
  expect(preflight.headers.get('access-control-allow-origin')).toBe(SHOP)
  expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
})

test('default: /getWallets serves the operator’s wallets, paged, searched and by chain', async () => {
  const get = async (query: string) => {
    const response = await fetch(`${server.url}/getWallets?projectId=shop&${query}`)
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const first = await get('page=1&entries=2')
  expect(first.status).toBe(200)
  expect(first.body.count).toBe(3)
  expect((first.body.data as { id: string }[]).map((wallet) => wallet.id)).toEqual([
    'alpha',
    'beta',
  ])
  const searched = await get('search=gam')
  expect((searched.body.data as { id: string }[]).map((wallet) => wallet.id)).toEqual(['gamma'])
  // A wallet that names no chains is not ruled out by a chain filter.
  const evm = await get('chains=eip155:1')
  expect((evm.body.data as { id: string }[]).map((wallet) => wallet.id)).toEqual(['alpha', 'gamma'])
  const refused = await fetch(`${server.url}/getWallets`)
  expect(refused.status).toBe(400)
})
