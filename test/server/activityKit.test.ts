import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { RunningServer } from '../../server/startServer.js'
import { INDEXING_REFRESH_MS } from '../../src/features/activity/effects.js'
import { activity, selectActivity } from '../../src/features/activity/index.js'
import { send } from '../../src/features/send/index.js'
import { createKit, type Kit } from '../../src/index.js'
import { eip155 } from '../../src/plugins/eip155/index.js'
import { createTestWallet, createVirtualEnv, type VirtualEnv } from '../../src/testing/index.js'
import { ANVIL_KEYS, localChain } from '../support/eip155.js'
import { snackText } from '../support/events.js'
import {
  chainConfig,
  createTestStorage,
  startTestChain,
  startTestServer,
  type TestChain,
  type TestStorage,
} from './support/harness.js'
import { freePort } from './support/services.js'

const KEY = ANVIL_KEYS[4]
const ADDRESS = privateKeyToAccount(KEY).address
const globals = globalThis as { window?: unknown }
const originalWindow = globals.window
let chain: TestChain
let storage: TestStorage
let server: RunningServer
const kits: Kit[] = []
const received: string[] = []

beforeAll(async () => {
  chain = await startTestChain()
  storage = await createTestStorage('pglite')
  server = await startTestServer(storage, chainConfig(chain))
  // 23 transfers to the account: more than one page of 20.
  for (let index = 0; index < 23; index += 1) {
    received.push(await chain.sendNative(ADDRESS, parseEther('0.001'), index % 4))
  }
})
beforeEach(() => {
  globals.window = new EventTarget()
})
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})
afterAll(async () => {
  globals.window = originalWindow
  await server?.close()
  await chain?.stop()
  storage?.remove()
})

async function connectedKit(serviceUrl: string | undefined, env?: VirtualEnv) {
  const wallet = createTestWallet({
    privateKeys: [KEY],
    chains: [{ id: chain.node.chainId, rpcUrl: chain.node.url }],
  })
  wallet.announce(globals.window as EventTarget)
  const kit = createKit({
    plugins: [eip155({ chains: [localChain(chain.node.chainId, chain.node.url)] })],
    features: [send(), activity()],
    ...(serviceUrl ? { serviceUrl } : {}),
    ...(env ? { env } : {}),
  })
  kits.push(kit)
  await kit.connect({ namespace: 'eip155', connectorId: 'dev.gangway.testwallet' })
  kit.open()
  expect(kit.getState().router.view).toBe('Account')
  return kit
}

const activityOf = (kit: Kit) => selectActivity(kit.getState())
const requests = (kit: Kit) =>
  kit.log.replay().filter((event) => event.type === 'activity/requested').length

describe('the activity feature against the Gangway server', () => {
  test('default: Account shows the first page, newest first; loadMore follows the cursor to the end', async () => {
    const kit = await connectedKit(server.url)
    await vi.waitFor(() => expect(activityOf(kit)?.isLoaded).toBe(true), { timeout: 15_000 })
    expect(activityOf(kit)!.items.map((item) => item.id)).toEqual(
      [...received].reverse().slice(0, 20),
    )
    expect(activityOf(kit)!.items[0]).toMatchObject({
      metadata: { operationType: 'receive', status: 'confirmed', chain: chain.chainId },
      transfers: [{ fungible_info: { symbol: 'ETH' }, quantity: { numeric: '0.001' } }],
    })
    await expect(kit.features.activity.loadMore()).resolves.toBe(true)
    expect(activityOf(kit)!.items.map((item) => item.id)).toEqual([...received].reverse())
    expect(activityOf(kit)!.next).toBeNull()
    await expect(kit.features.activity.loadMore()).resolves.toBe(false)
  })

  test('behavior: a send made through the kit is listed at once as pending, then confirmed', async () => {
    const kit = await connectedKit(server.url)
    await vi.waitFor(() => expect(activityOf(kit)?.isLoaded).toBe(true), { timeout: 15_000 })
    const to = privateKeyToAccount(generatePrivateKey()).address
    const { hash } = await kit.features.send.send({ to, amount: '0.125' })
    expect(activityOf(kit)!.items[0]).toMatchObject({
      id: hash,
      metadata: { operationType: 'send', status: 'pending', sentTo: to },
      transfers: [{ fungible_info: { symbol: 'ETH' }, quantity: { numeric: '0.125' } }],
    })
    await vi.waitFor(
      () =>
        expect(activityOf(kit)!.items[0]).toMatchObject({
          id: hash,
          metadata: { status: 'confirmed' },
        }),
      { timeout: 15_000 },
    )
    expect(activityOf(kit)!.items.filter((item) => item.id === hash)).toHaveLength(1)
  })

  test('behavior: with the service down the visitor reads the spec’s words; balance and sends are unaffected', async () => {
    const kit = await connectedKit(`http://127.0.0.1:${await freePort()}`)
    await vi.waitFor(() => expect(activityOf(kit)?.error?.code).toBe('TRANSACTIONS_FETCH_FAILED'), {
      timeout: 15_000,
    })
    expect(activityOf(kit)!.error).toMatchObject({
      code: 'TRANSACTIONS_FETCH_FAILED',
      userMessage: 'Failed to fetch transactions',
    })
    expect(snackText(kit.getState(), kit.catalogue)).toBe('Failed to fetch transactions')
    expect(activityOf(kit)!.isLoaded).toBe(false)
    await vi.waitFor(() =>
      expect(kit.getState().namespaces.entities.eip155!.accountState.balance).not.toBeNull(),
    )
    await expect(
      kit.features.send.send({
        to: privateKeyToAccount(generatePrivateKey()).address,
        amount: '0.01',
      }),
    ).resolves.toMatchObject({ hash: expect.stringMatching(/^0x/) })
  })

  test('behavior: without a serviceUrl nothing is asked and nothing is claimed; sends made here still show', async () => {
    const kit = await connectedKit(undefined)
    await kit.features.activity.loadMore()
    expect(requests(kit)).toBe(0)
    expect(activityOf(kit)).toMatchObject({ isLoaded: false, items: [], error: null })
    const { hash } = await kit.features.send.send({
      to: privateKeyToAccount(generatePrivateKey()).address,
      amount: '0.01',
    })
    expect(activityOf(kit)!.items.map((item) => item.id)).toEqual([hash])
    expect(requests(kit)).toBe(0)
  })

  test('behavior: while the server is still indexing the account, the list reads as loading, never "no activity", and is asked again until complete', async () => {
    // A server that indexes only when asked, five blocks a step, and answers after 200 ms at most.
    globals.window = originalWindow
    const own = await createTestStorage('pglite')
    const indexing = await startTestServer(own, {
      ...chainConfig(chain),
      indexer: { enabled: false, batchBlocks: 5, historyWaitMs: 200 },
    })
    globals.window = new EventTarget()
    try {
      const env = createVirtualEnv({ startAt: Date.now() })
      const kit = await connectedKit(indexing.url, env)
      await vi.waitFor(() => expect(activityOf(kit)?.isIndexing).toBe(true), { timeout: 15_000 })
      expect(activityOf(kit)).toMatchObject({ isLoaded: false, isLoading: false, error: null })
      const asked = requests(kit)
      // The server catches up; the kit asks again on its own, and the page is complete.
      while ((await indexing.indexer.step(chain.chainId)) > 0) {}
      env.advance(INDEXING_REFRESH_MS)
      await vi.waitFor(() => expect(activityOf(kit)?.isLoaded).toBe(true), { timeout: 15_000 })
      expect(requests(kit)).toBeGreaterThan(asked)
      expect(activityOf(kit)).toMatchObject({ isIndexing: false, isLoading: false })
      const page = (await (
        await fetch(`${indexing.url}/v1/account/${ADDRESS}/history?chainId=${chain.chainId}`)
      ).json()) as { data: { id: string }[]; complete: boolean }
      expect(page.complete).toBe(true)
      // Newest first as the service lists them (older ones the incomplete page had stay after).
      expect(
        activityOf(kit)!
          .items.map((item) => item.id)
          .slice(0, page.data.length),
      ).toEqual(page.data.map((entry) => entry.id))
      expect(page.data.map((entry) => entry.id)).toContain(received.at(-1))
    } finally {
      await indexing.close()
      own.remove()
    }
  })
})
