import { and, count, eq } from 'drizzle-orm'
import { parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { RunningServer } from '../../server/startServer.js'
import { activityTransactions, watchedAddresses } from '../../server/storage/schema.js'
import {
  chainConfig,
  createTestStorage,
  freshAddress,
  STORAGE_KINDS,
  startTestChain,
  startTestServer,
  type TestChain,
  type TestStorage,
} from './support/harness.js'

/** Every transaction id of an address, following the cursor to the end. */
async function allIds(server: RunningServer, address: string): Promise<string[]> {
  const ids: string[] = []
  let cursor: string | null = null
  for (let page = 0; page < 50; page += 1) {
    const query: string = cursor ? `&cursor=${cursor}` : ''
    const response = await fetch(`${server.url}/v1/account/${address}/history?limit=7${query}`)
    const body = (await response.json()) as { data: { id: string }[]; next: string | null }
    ids.push(...body.data.map((entry) => entry.id))
    cursor = body.next
    if (!cursor) return ids
  }
  throw new Error('more than 50 pages')
}

describe.each(STORAGE_KINDS)('indexer on %s', (kind) => {
  let chain: TestChain
  let storage: TestStorage
  const started: RunningServer[] = []
  const extraStorages: TestStorage[] = []
  // The loop wakes every minute only, or not at all: these tests drive the steps themselves.
  const start = async (enabled = true) => {
    const base = chainConfig(chain)
    const server = await startTestServer(storage, {
      ...base,
      indexer: { enabled, pollIntervalMs: 60_000, batchBlocks: 4 },
    })
    started.push(server)
    return server
  }

  beforeAll(async () => {
    chain = await startTestChain()
    storage = await createTestStorage(kind)
  })
  afterAll(async () => {
    for (const server of started) await server.close()
    await chain?.stop()
    storage?.remove()
    for (const own of extraStorages) own.remove()
  })

  test('behavior: a restart in the middle of indexing loses nothing and duplicates nothing', async () => {
    const receiver = freshAddress()
    const hashes: string[] = []
    for (let index = 0; index < 12; index += 1) {
      hashes.push(await chain.sendNative(receiver, parseEther('0.001') * BigInt(index + 1)))
    }
    // No background loop on the first server: only the steps below index.
    const first = await start(false)
    const db = first.storage.db
    await db
      .insert(watchedAddresses)
      .values({ chainId: chain.chainId, address: receiver, indexedTo: -1, firstSeenAt: 0 })
    await first.indexer.step(chain.chainId)
    await first.indexer.step(chain.chainId)
    // A third step is under way when the server is told to stop: it finishes its block and stops.
    const third = first.indexer.step(chain.chainId)
    await first.close()
    await third
    const head = Number(await chain.reader.getBlockNumber())

    const second = await start()
    const [progress] = await second.storage.db
      .select()
      .from(watchedAddresses)
      .where(eq(watchedAddresses.address, receiver))
    // Stopped part-way: some blocks indexed, not all.
    expect(progress!.indexedTo).toBeGreaterThanOrEqual(7)
    expect(progress!.indexedTo).toBeLessThan(head)

    expect(await allIds(second, receiver)).toEqual([...hashes].reverse())
    const [rows] = await second.storage.db
      .select({ rows: count() })
      .from(activityTransactions)
      .where(
        and(
          eq(activityTransactions.chainId, chain.chainId),
          eq(activityTransactions.address, receiver),
        ),
      )
    expect(rows!.rows).toBe(12)
    await second.close()
  })

  test('behavior: past its limit of followed addresses the server refuses new ones and stores nothing', async () => {
    const base = chainConfig(chain)
    const own = await createTestStorage(kind)
    extraStorages.push(own)
    const limited = await startTestServer(own, {
      ...base,
      indexer: { maxWatchedAddresses: 1 },
    })
    started.push(limited)
    const first = await fetch(`${limited.url}/v1/account/${freshAddress()}/history`)
    expect(first.status).toBe(200)
    const second = await fetch(`${limited.url}/v1/account/${freshAddress()}/history`)
    expect({ status: second.status, body: await second.json() }).toEqual({
      status: 503,
      body: {
        code: 'WATCH_LIMIT',
        message: `The server follows its maximum of 1 addresses on ${chain.chainId}`,
      },
    })
    expect(await limited.storage.db.select().from(watchedAddresses)).toHaveLength(1)
  })

  test('behavior: a reorg (anvil reverts to a snapshot) removes the reverted transfers from the history', async () => {
    const server = await start()
    const receiver = freshAddress()
    const kept = await chain.sendNative(receiver, parseEther('1'))
    const snapshot = await chain.snapshot()
    const reverted = [
      await chain.sendNative(receiver, parseEther('2')),
      await chain.sendToken(receiver, '3'),
    ]
    expect(await allIds(server, receiver)).toEqual([reverted[1], reverted[0], kept])

    await chain.revert(snapshot)
    expect(await allIds(server, receiver)).toEqual([kept])

    // The chain goes on from there; the new block at the same height is indexed.
    const replacement = await chain.sendToken(receiver, '4')
    expect(await allIds(server, receiver)).toEqual([replacement, kept])
    const response = await fetch(`${server.url}/v1/account/${receiver}/history`)
    const body = (await response.json()) as {
      data: { transfers: { quantity: { numeric: string } }[] }[]
    }
    expect(body.data.map((entry) => entry.transfers[0]!.quantity.numeric)).toEqual(['4', '1'])
  })
})
