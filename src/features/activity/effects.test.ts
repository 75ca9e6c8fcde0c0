import { expect, test } from 'vitest'
import { createTestKit } from '../../../test/support/createTestKit.js'
import type { FetchLike, Kit } from '../../kernel/index.js'
import { createVirtualEnv, settle } from '../../testing/index.js'
import { ACTIVITY_TIMEOUT_MS, toTransaction } from './effects.js'
import { activity, selectActivity } from './index.js'
import './module.js'

/** A data service that never answers (an HTTP edge that hangs), and what it was asked. */
function hangingFetch() {
  const asked: string[] = []
  const fetch: FetchLike = (url, init) => {
    asked.push(url)
    return new Promise((_resolve, reject) => {
      init.signal.addEventListener('abort', () => reject(init.signal.reason))
    })
  }
  return { fetch, asked }
}

test('behavior: a data service that never answers fails the page after 10 s in the spec’s words', async () => {
  const { fetch, asked } = hangingFetch()
  const env = { ...createVirtualEnv(), fetch }
  const { kit } = createTestKit({
    env,
    kit: { features: [activity()], serviceUrl: 'http://127.0.0.1:8787' },
  })
  const typed = kit as unknown as Kit<readonly [ReturnType<typeof activity>]>
  await kit.connect({ namespace: 'toychain', connectorId: 'toywallet' })
  const refresh = typed.features.activity.refresh()
  refresh.catch(() => undefined)
  await settle()
  expect(asked).toHaveLength(1)
  expect(selectActivity(kit.getState())?.isLoading).toBe(true)

  env.advance(ACTIVITY_TIMEOUT_MS - 1)
  await settle()
  expect(selectActivity(kit.getState())?.isLoading).toBe(true)
  env.advance(1)
  await expect(refresh).rejects.toMatchObject({
    code: 'TRANSACTIONS_FETCH_FAILED',
    userMessage: 'Failed to fetch transactions',
    details: 'The data service did not answer within 10000 ms.',
  })
  expect(selectActivity(kit.getState())).toMatchObject({
    isLoading: false,
    isLoaded: false,
    error: { code: 'TRANSACTIONS_FETCH_FAILED' },
  })
})

test('behavior: each transfer keeps its direction, so a swap lists what left and what arrived', () => {
  const swap = toTransaction({
    id: `0x${'ab'.repeat(32)}`,
    metadata: {
      minedAt: '2026-11-23T10:00:00.000Z',
      chain: 'eip155:31337',
      operationType: 'execute',
      status: 'confirmed',
      sentFrom: '0x1111111111111111111111111111111111111111',
      sentTo: '0x2222222222222222222222222222222222222222',
      fee: '0.0001',
      blockNumber: 7,
    },
    transfers: [
      { fungible_info: { symbol: 'ETH' }, quantity: { numeric: '1' }, direction: 'out' },
      { fungible_info: { symbol: 'GDT' }, quantity: { numeric: '2970.5' }, direction: 'in' },
    ],
  })
  expect(swap.transfers.map((transfer) => transfer.direction)).toEqual(['out', 'in'])
  expect(swap.metadata).not.toHaveProperty('fee')
})
