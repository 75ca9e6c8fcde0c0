import { describe, expect, test } from 'vitest'
import { createTestKit } from '../../../test/support/createTestKit.js'
import type { FetchLike, KitState } from '../../kernel/index.js'
import { createVirtualEnv, settle } from '../../testing/index.js'
import { prices } from './index.js'
import './module.js'

const SERVICE = 'http://127.0.0.1:8787'
/** The toy plugin under the namespace the data service prices. */
const EVM = { namespace: 'eip155' }

/** A data service's balance path answering for any account: the native currency and USDC. */
function balanceService() {
  const asked: string[] = []
  const fetch: FetchLike = async (url) => {
    asked.push(url)
    const chainId = new URL(url).searchParams.get('chainId') ?? ''
    const balances = [
      {
        name: 'Toy',
        symbol: 'TOY',
        chainId,
        address: 'native',
        price: '2000',
        quantity: { decimals: '18', numeric: '1' },
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId,
        address: '0x00000000000000000000000000000000000000c0',
        price: '1',
        quantity: { decimals: '6', numeric: '12.5' },
        iconUrl: 'javascript:alert(1)',
      },
    ]
    return new Response(JSON.stringify({ balances }), {
      headers: { 'content-type': 'application/json' },
    })
  }
  return { fetch, asked }
}

const tokensOf = (kit: { getState(): KitState }) =>
  kit.getState().namespaces.entities.eip155?.accountState.tokenBalance ?? []

const loadedFeatures = (kit: {
  log: { replay(from?: number): readonly { type: string; payload: unknown }[] }
}) =>
  kit.log
    .replay(0)
    .filter((event) => event.type === 'feature/loaded')
    .map((event) => (event.payload as { name: string }).name)

describe('the prices feature', () => {
  test('behavior: a balance read carries the service’s USD prices and values, and the tokens only the service lists; an unsafe icon is dropped', async () => {
    const service = balanceService()
    const env = { ...createVirtualEnv(), fetch: service.fetch }
    const { kit } = createTestKit({ ...EVM, env, kit: { serviceUrl: SERVICE } })
    await kit.connect({ namespace: 'eip155', connectorId: 'toywallet' })
    await settle()
    await settle()
    expect(service.asked).toHaveLength(1)
    const tokens = tokensOf(kit)
    expect(tokens.map((token) => [token.symbol, token.usdPrice, token.usdValue])).toEqual([
      ['TOY', '2000', '2000'],
      ['USDC', '1', '12.5'],
    ])
    expect(tokens.every((token) => token.iconUrl === undefined)).toBe(true)
  })

  test('behavior: its code loads with the first balance read it joins, and never without a serviceUrl', async () => {
    const service = balanceService()
    const env = { ...createVirtualEnv(), fetch: service.fetch }
    const priced = createTestKit({ ...EVM, env, kit: { serviceUrl: SERVICE } }).kit
    await settle()
    expect(loadedFeatures(priced)).not.toContain('prices')
    await priced.connect({ namespace: 'eip155', connectorId: 'toywallet' })
    await settle()
    await settle()
    expect(loadedFeatures(priced)).toContain('prices')

    const bare = createTestKit({ ...EVM, env: { ...createVirtualEnv(), fetch: service.fetch } }).kit
    await bare.connect({ namespace: 'eip155', connectorId: 'toywallet' })
    await settle()
    await settle()
    expect(loadedFeatures(bare)).not.toContain('prices')
    expect(service.asked).toHaveLength(1)
  })

  test('behavior: the core alone (no prices feature) asks the data service nothing and shows no USD value', async () => {
    const service = balanceService()
    const env = { ...createVirtualEnv(), fetch: service.fetch }
    const { kit } = createTestKit({
      ...EVM,
      env,
      kit: { serviceUrl: SERVICE, features: [] },
    })
    await kit.connect({ namespace: 'eip155', connectorId: 'toywallet' })
    await settle()
    await settle()
    expect(kit.getState().namespaces.entities.eip155?.accountState.balance).not.toBeNull()
    expect(service.asked).toEqual([])
    expect(tokensOf(kit).some((token) => token.usdValue !== undefined)).toBe(false)
  })

  test('behavior: a data service that fails leaves the chain’s balances as they are', async () => {
    const fetch: FetchLike = async () => new Response('down', { status: 503 })
    const env = { ...createVirtualEnv(), fetch }
    const { kit } = createTestKit({
      ...EVM,
      env,
      kit: { serviceUrl: SERVICE, features: [prices()] },
    })
    await kit.connect({ namespace: 'eip155', connectorId: 'toywallet' })
    await settle()
    await settle()
    const account = kit.getState().namespaces.entities.eip155?.accountState
    expect(account?.balance).toBe('100')
    expect(account?.tokenBalance).toEqual([])
  })
})
