import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  type LocalWalletRegistry,
  startWalletRegistry,
} from '../../server/testing/startWalletRegistry.js'
import { BUILT_IN_WALLETS } from '../../src/kernel/index.js'

let registry: LocalWalletRegistry
const wallets = [
  ...Array.from({ length: 45 }, (_, index) => ({
    id: `w${index + 1}`,
    name: `Wallet ${index + 1}`,
  })),
  { id: 'sol', name: 'Solar', chains: ['solana:mainnet'], image_id: 'sol-img' },
  { id: 'evil', name: '<b>"E"</b>', image_id: 'evil-img' },
]
const headers = { 'x-project-id': 'p', 'x-sdk-type': 'gangway' }
const get = async (path: string, init: RequestInit = { headers }) => {
  const response = await fetch(`${registry.url}${path}`, init)
  return { status: response.status, response, body: await response.text() }
}
const ids = (body: string) =>
  (JSON.parse(body) as { data: { id: string }[] }).data.map((wallet) => wallet.id)

beforeAll(async () => {
  registry = await startWalletRegistry({ wallets })
})
afterAll(() => registry.close())

test('default: pages of 40 with the total count; the request is recorded', async () => {
  const first = await get('/getWallets?page=1&entries=40')
  expect(first.status).toBe(200)
  expect(JSON.parse(first.body)).toMatchObject({ count: 47 })
  expect(ids(first.body)).toHaveLength(40)
  expect(ids((await get('/getWallets?page=2&entries=40')).body)).toEqual([
    'w41',
    'w42',
    'w43',
    'w44',
    'w45',
    'sol',
    'evil',
  ])
  expect(registry.requests.at(-1)).toMatchObject({
    method: 'GET',
    path: '/getWallets',
    query: { page: '2', entries: '40' },
    projectId: 'p',
    sdkType: 'gangway',
  })
})

test('parameters: search, include, exclude and chains filter the list', async () => {
  expect(ids((await get('/getWallets?search=WALLET%204&entries=100')).body)).toEqual([
    'w4',
    'w40',
    'w41',
    'w42',
    'w43',
    'w44',
    'w45',
  ])
  expect(ids((await get('/getWallets?include=w2,sol,nope')).body)).toEqual(['w2', 'sol'])
  expect(ids((await get('/getWallets?include=w2,w3&exclude=w3')).body)).toEqual(['w2'])
  const evm = ids((await get('/getWallets?entries=100&chains=eip155:1')).body)
  expect(evm).not.toContain('sol')
  expect(evm).toHaveLength(46)
})

test('behavior: malformed requests get 400 or 404, never a crash; CORS allows the headers', async () => {
  expect((await get('/getWallets?page=0')).status).toBe(400)
  expect((await get('/getWallets?entries=101')).status).toBe(400)
  expect((await get('/getWallets?page=abc')).status).toBe(400)
  expect((await get('/getWallets', {})).status).toBe(400)
  expect((await get('/getWalletImage/%E0%A4%A')).status).toBe(400)
  expect((await get('/nothing')).status).toBe(404)
  expect((await get('/getWallets', { method: 'POST', headers })).status).toBe(405)
  const preflight = await get('/getWallets', { method: 'OPTIONS' })
  expect(preflight.status).toBe(204)
  expect(preflight.response.headers.get('access-control-allow-headers')).toContain('x-project-id')
  expect((await get('/getWallets?page=1')).status).toBe(200)
})

test('behavior: images are letter avatars, the name escaped', async () => {
  const image = await get('/getWalletImage/evil-img?projectId=p', {})
  expect(image.status).toBe(200)
  expect(image.response.headers.get('content-type')).toBe('image/svg+xml')
  expect(image.body).toContain('>&lt;</text>')
  expect((await get('/getWalletImage/unknown')).status).toBe(404)
})

test('default: without wallets it serves the built-in list, each with its logo as image; close is idempotent', async () => {
  const own = await startWalletRegistry()
  const response = await fetch(`${own.url}/getWallets`, { headers })
  const body = (await response.json()) as { count: number; data: { image_id: string }[] }
  expect(body.count).toBe(BUILT_IN_WALLETS.length)
  const image = await fetch(`${own.url}/getWalletImage/${body.data[0]!.image_id}`)
  expect(image.status).toBe(200)
  // A built-in wallet's image is its logo (MetaMask's fox is orange), not a letter on a tile.
  const svg = await image.text()
  expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/)
  expect(svg).toContain('#FF5C16')
  expect(svg).not.toContain('<text')
  expect(image.headers.get('content-security-policy')).toBe("default-src 'none'")
  expect(image.headers.get('x-content-type-options')).toBe('nosniff')
  await own.close()
  await own.close()
  await expect(fetch(`${own.url}/getWallets`, { headers })).rejects.toThrow()
})

test('behavior: the request log keeps only the newest requests, so it never grows without bound', async () => {
  const small = await startWalletRegistry({ wallets, requestLogLimit: 3 })
  try {
    for (const page of [1, 2, 3, 4, 5]) {
      await fetch(`${small.url}/getWallets?page=${page}&entries=1`, { headers })
    }
    expect(small.requests.map((request) => request.query.page)).toEqual(['3', '4', '5'])
  } finally {
    await small.close()
  }
})
