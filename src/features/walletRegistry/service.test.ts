import { expect, test } from 'vitest'
import { BUILT_IN_WALLETS } from '../../kernel/index.js'
import {
  fetchWallets,
  getWalletsUrl,
  parseGetWalletsResponse,
  toRegistryWallet,
  walletRegistryHeaders,
} from './service.js'

const config = { baseUrl: 'https://registry.example/', projectId: 'p1' }

test('default: the getWallets URL carries page, entries and the non-empty filters', () => {
  expect(getWalletsUrl(config.baseUrl, { page: 2, entries: 40 })).toBe(
    'https://registry.example/getWallets?page=2&entries=40',
  )
  expect(
    getWalletsUrl(config.baseUrl, {
      page: 1,
      entries: 100,
      search: 'meta mask',
      include: ['a', 'b'],
      exclude: [],
      chains: ['eip155:1'],
    }),
  ).toBe(
    'https://registry.example/getWallets?page=1&entries=100&search=meta+mask&include=a%2Cb&chains=eip155%3A1',
  )
  expect(walletRegistryHeaders('p1')).toEqual({
    'x-project-id': 'p1',
    'x-sdk-type': 'gangway',
    'x-sdk-version': '0.1.0',
  })
})

test('behavior: unsafe fields are dropped, the entry kept; the image falls back to the image path', () => {
  expect(
    toRegistryWallet(
      {
        id: 'x',
        name: '  <b>X</b>\u202E ',
        image_id: 'img 1',
        image_url: 'javascript:alert(1)',
        mobile_link: 'javascript:alert(1)',
        desktop_link: 'xwallet://',
        homepage: 'http://x.example',
        webapp_link: 'https://app.x.example',
        rdns: null,
        unknown_field: 1,
      },
      config,
    ),
  ).toEqual({
    id: 'x',
    name: '<b>X</b>',
    imageUrl: 'https://registry.example/getWalletImage/img%201?projectId=p1&st=gangway&sv=0.1.0',
    desktopLink: 'xwallet://',
    webappLink: 'https://app.x.example/',
  })
})

test('behavior: bad entries are dropped rather than failing the page; a body without data throws', () => {
  const { count, wallets } = parseGetWalletsResponse(
    {
      count: 4,
      data: [
        { id: 'a', name: 'A' },
        { id: 'b' },
        { id: 'c', name: '\u0000 ' },
        'junk',
        { id: 'a', name: 'A again' },
      ],
    },
    config,
  )
  expect(count).toBe(4)
  expect(wallets).toEqual([{ id: 'a', name: 'A' }])
  expect(() => parseGetWalletsResponse({ wallets: [] }, config)).toThrow(
    expect.objectContaining({ code: 'VALIDATION_FAILED' }),
  )
})

test('behavior: a failed HTTP status becomes HTTP_STATUS', async () => {
  const seen: string[] = []
  const fetch = async (url: string, init: { headers: Record<string, string> }) => {
    seen.push(`${url} ${init.headers['x-project-id']}`)
    return { ok: false, status: 403, json: async () => ({}) }
  }
  await expect(
    fetchWallets({
      fetch,
      config,
      parameters: { page: 1, entries: 40 },
      signal: new AbortController().signal,
    }),
  ).rejects.toMatchObject({ code: 'HTTP_STATUS', userMessage: 'HTTP status code: 403' })
  expect(seen).toEqual(['https://registry.example/getWallets?page=1&entries=40 p1'])
})

test('default: the built-in list is 8 to 12 well-known wallets that pass the event schema', () => {
  expect(BUILT_IN_WALLETS.length).toBeGreaterThanOrEqual(8)
  expect(BUILT_IN_WALLETS.length).toBeLessThanOrEqual(12)
  for (const wallet of BUILT_IN_WALLETS) {
    expect(wallet.id).toMatch(/^[0-9a-f]{64}$/)
    expect(wallet.homepage).toMatch(/^https:\/\//)
    expect(toRegistryWallet({ ...wallet }, config)).toMatchObject({ id: wallet.id })
  }
  expect(new Set(BUILT_IN_WALLETS.map((wallet) => wallet.id)).size).toBe(BUILT_IN_WALLETS.length)
})
