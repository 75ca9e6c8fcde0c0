import { describe, expect, test } from 'vitest'
import {
  createKit,
  createMemoryStorage,
  type Kit,
  STORAGE_PREFIX,
  type StoragePort,
  selectConnectionStatus,
} from '../../../src/index.js'
import { createVirtualEnv, settle } from '../../../src/testing/index.js'
import { createTestKit } from '../../support/createTestKit.js'
import { TOY_WALLET, toyAddress, toyChain } from '../../support/toyChain.js'
import { notes } from '../../support/toyFeature/index.js'
import { selectNotes } from '../../support/toyFeature/module.js'

/** Memory storage that counts every call the kit makes to it. */
function countingStorage(entries: Readonly<Record<string, string>>) {
  const inner = createMemoryStorage(entries)
  const counts = { reads: 0, writes: 0 }
  const storage: StoragePort = {
    getItem: (key) => {
      counts.reads += 1
      return inner.getItem(key)
    },
    setItem: (key, value) => {
      counts.writes += 1
      inner.setItem(key, value)
    },
    removeItem: (key) => {
      counts.writes += 1
      inner.removeItem(key)
    },
  }
  return { storage, counts, dump: inner.dump }
}

/** What a returning visitor's storage holds: connected to the toy wallet, on the test network. */
async function returningVisitorStorage(): Promise<Record<string, string>> {
  const first = createTestKit()
  await first.kit.connect({ connectorId: 'toywallet' })
  await first.kit.switchNetwork('toychain:test')
  first.kit.destroy()
  return first.env.storage.dump()
}

const networkOf = (kit: Kit) =>
  kit.getState().namespaces.entities.toychain!.networkState.caipNetworkId
const restoredEvents = (kit: Kit) =>
  kit.log.replay().filter((event) => event.type === 'storage/restored').length

describe('ssr: the stored session waits for kit.restore()', () => {
  test('behavior: creating the kit reads no storage and asks no wallet; restore() applies the session and reconnects silently, once', async () => {
    const stored = countingStorage(await returningVisitorStorage())
    const { plugin, wallet } = toyChain({ authorized: ['toywallet'] })
    const kit = createKit({
      plugins: [plugin],
      env: createVirtualEnv(),
      storage: stored.storage,
      ssr: true,
    })
    await settle()
    expect(stored.counts).toEqual({ reads: 0, writes: 0 })
    expect(wallet.calls).toEqual([])
    expect(selectConnectionStatus(kit.getState())).toBe('disconnected')
    expect(networkOf(kit)).toBe('toychain:main')

    kit.restore()
    await settle()
    expect(stored.counts.reads).toBeGreaterThan(0)
    expect(wallet.calls[0]).toBe('connect:toywallet:silent')
    expect(selectConnectionStatus(kit.getState())).toBe('connected')
    expect(networkOf(kit)).toBe('toychain:test')

    const { reads } = stored.counts
    const calls = wallet.calls.length
    kit.restore()
    await settle()
    expect(stored.counts.reads).toBe(reads)
    expect(wallet.calls).toHaveLength(calls)
    expect(restoredEvents(kit)).toBe(1)
    // The first state stays what the page started from: no session.
    expect(selectConnectionStatus(kit.getInitialState())).toBe('disconnected')
  })

  test('behavior: what the kit does before restore() never overwrites the stored session', async () => {
    const stored = countingStorage(await returningVisitorStorage())
    const { plugin } = toyChain({ authorized: ['toywallet'] })
    const kit = createKit({
      plugins: [plugin],
      env: createVirtualEnv(),
      storage: stored.storage,
      ssr: true,
    })
    // A change to a persisted value before the page hydrated: the network stored must survive it.
    kit.setAccountType('toychain', 'smartAccount')
    await settle()
    expect(stored.counts.writes).toBe(0)
    expect(JSON.parse(stored.dump()[`${STORAGE_PREFIX}networkIds`]!)).toEqual({
      toychain: 'toychain:test',
    })
    kit.restore()
    await settle()
    expect(selectConnectionStatus(kit.getState())).toBe('connected')
    expect(networkOf(kit)).toBe('toychain:test')
  })

  test('behavior: a feature whose code arrives before restore() waits for it, then starts from what storage kept', async () => {
    const caipAddress = `toychain:main:${toyAddress(1)}`
    const stored = countingStorage({
      [`${STORAGE_PREFIX}notesByAccount`]: JSON.stringify({ [caipAddress]: ['kept'] }),
    })
    const { plugin } = toyChain()
    const kit = createKit({
      plugins: [plugin],
      features: [notes()],
      env: createVirtualEnv(),
      storage: stored.storage,
      ssr: true,
    })
    let loaded = false
    const loading = kit.loadFeature('notes').then(() => {
      loaded = true
    })
    // Its code is in the module cache by now; installing it would read its key.
    await import('../../support/toyFeature/module.js')
    await settle()
    expect(loaded).toBe(false)
    expect(stored.counts.reads).toBe(0)
    expect(selectNotes(kit.getState())).toBeUndefined()

    kit.restore()
    await loading
    expect(selectNotes(kit.getState())?.byAccount).toEqual({ [caipAddress]: ['kept'] })
  })

  test('default: a kit without ssr restored at creation; restore() then does nothing', async () => {
    const stored = countingStorage(await returningVisitorStorage())
    const { plugin, wallet } = toyChain({ authorized: ['toywallet'] })
    const kit = createKit({ plugins: [plugin], env: createVirtualEnv(), storage: stored.storage })
    await settle()
    expect(kit.ssr).toBe(false)
    expect(selectConnectionStatus(kit.getState())).toBe('connected')
    const { reads } = stored.counts
    const calls = wallet.calls.length
    kit.restore()
    await settle()
    expect(stored.counts.reads).toBe(reads)
    expect(wallet.calls).toHaveLength(calls)
    expect(restoredEvents(kit)).toBe(1)
  })

  test('behavior: the first state follows from the options alone: a page that found wallets and a server that found none start the same', async () => {
    const page = createKit({
      plugins: [toyChain({ connectors: [TOY_WALLET] }).plugin],
      env: createVirtualEnv(),
      ssr: true,
    })
    const server = createKit({
      plugins: [toyChain({ connectors: [] }).plugin],
      env: createVirtualEnv(),
      ssr: true,
    })
    await settle()
    expect(page.getState().connectors.ids).toHaveLength(1)
    expect(page.getInitialState()).toEqual(server.getInitialState())
    expect(page.getInitialState().connectors.ids).toEqual([])
  })
})
