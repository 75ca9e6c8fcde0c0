import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  createKit,
  type KitEvent,
  STORAGE_PREFIX,
  selectConnectionStatus,
} from '../../../src/index.js'
import { createVirtualEnv, settle } from '../../../src/testing/index.js'
import { createTestKit } from '../../support/createTestKit.js'
import { toyAddress, toyChain } from '../../support/toyChain.js'

describe('persistence across a reload', () => {
  test('behavior: connector, network, account type, recent wallets and the active namespace survive; reconnect is silent', async () => {
    const first = createTestKit()
    await first.kit.connect({ connectorId: 'toywallet' })
    await first.kit.switchNetwork('toychain:test')
    first.kit.setAccountType('toychain', 'smartAccount')
    first.kit.destroy()
    const stored = first.env.storage.dump()
    expect(JSON.parse(stored[`${STORAGE_PREFIX}connectorIds`]!)).toEqual({ toychain: 'toywallet' })
    expect(JSON.parse(stored[`${STORAGE_PREFIX}recentWallets`]!)).toEqual([
      { id: 'toywallet', name: 'Toy Wallet', rdns: 'org.example.toywallet' },
    ])

    // The page reloads: a new kit on the same storage, the wallet still trusts the site.
    const env = createVirtualEnv({ storage: stored })
    const { plugin, wallet } = toyChain({ authorized: ['toywallet'] })
    const kit = createKit({ plugins: [plugin], env })
    await settle()
    expect(wallet.calls[0]).toBe('connect:toywallet:silent')
    expect(selectConnectionStatus(kit.getState())).toBe('connected')
    const chain = kit.getState().namespaces.entities.toychain!
    expect(chain.accountState.preferredAccountType).toBe('smartAccount')
    expect(kit.getState().recentWallets.map((entry) => entry.id)).toEqual(['toywallet'])
    expect(kit.getState().modal.isOpen).toBe(false)
  })

  test('behavior: a failed silent reconnect forgets the connector and shows nothing', async () => {
    const env = createVirtualEnv({
      storage: { [`${STORAGE_PREFIX}connectorIds`]: '{"toychain":"toywallet"}' },
    })
    const { plugin } = toyChain({ authorized: [] })
    const kit = createKit({ plugins: [plugin], env })
    await settle()
    expect(selectConnectionStatus(kit.getState())).toBe('disconnected')
    expect(kit.getState().snack.isOpen).toBe(false)
    expect(env.storage.dump()[`${STORAGE_PREFIX}connectorIds`]).toBeUndefined()
  })

  test('behavior: a disconnect removes what was stored for the connection', async () => {
    const { kit, env } = createTestKit()
    await kit.connect({ connectorId: 'toywallet' })
    await kit.disconnect()
    expect(env.storage.dump()[`${STORAGE_PREFIX}connectorIds`]).toBeUndefined()
    expect(env.storage.dump()[`${STORAGE_PREFIX}recentWallets`]).toBeDefined()
  })

  test('behavior: corrupt or foreign stored data is discarded and reported, the rest still loads, nothing crashes', async () => {
    const env = createVirtualEnv({
      storage: {
        [`${STORAGE_PREFIX}recentWallets`]: '{not json',
        [`${STORAGE_PREFIX}networkIds`]: JSON.stringify({
          toychain: 'toychain:test',
          eip155: 'eip155:1',
        }),
        [`${STORAGE_PREFIX}accountTypes`]: JSON.stringify({ toychain: 42 }),
        [`${STORAGE_PREFIX}activeNamespace`]: JSON.stringify('solana'),
      },
    })
    const { plugin } = toyChain()
    const kit = createKit({ plugins: [plugin], env })
    const events: readonly KitEvent[] = kit.log.replay()
    const discarded = events
      .filter((event) => event.type === 'storage/discarded')
      .map((event) => (event.payload as { key: string }).key)
    expect(discarded.sort()).toEqual(
      ['recentWallets', 'networkIds', 'accountTypes', 'activeNamespace']
        .map((key) => STORAGE_PREFIX + key)
        .sort(),
    )
    expect(kit.getState().namespaces.entities.toychain?.networkState.caipNetworkId).toBe(
      'toychain:test',
    )
    expect(kit.getState().recentWallets).toEqual([])
    // Unusable keys are removed and foreign entries rewritten, so the next load is clean.
    const left = env.storage.dump()
    for (const key of ['recentWallets', 'accountTypes', 'activeNamespace']) {
      expect(left[STORAGE_PREFIX + key]).not.toBe(
        {
          recentWallets: '{not json',
          accountTypes: '{"toychain":42}',
          activeNamespace: '"solana"',
        }[key],
      )
    }
    expect(JSON.parse(left[`${STORAGE_PREFIX}networkIds`]!)).toEqual({ toychain: 'toychain:test' })
    const reloaded = createKit({ plugins: [toyChain().plugin], env })
    expect(reloaded.log.replay().filter((event) => event.type === 'storage/discarded')).toEqual([])
    await expect(kit.connect({ connectorId: 'toywallet' })).resolves.toBeDefined()
  })

  test('behavior: a storage that refuses writes is reported and state is unaffected', async () => {
    const env = createVirtualEnv()
    const refusing = {
      ...env,
      storage: {
        ...env.storage,
        setItem: () => {
          throw new Error('QuotaExceededError')
        },
      },
    }
    const { plugin } = toyChain()
    const kit = createKit({ plugins: [plugin], env: refusing })
    const reports: string[] = []
    kit.events$.subscribe((event) => {
      if (event.type === 'storage/discarded') reports.push(event.payload.reason)
    })
    await kit.connect({ connectorId: 'toywallet' })
    expect(selectConnectionStatus(kit.getState())).toBe('connected')
    expect(reports.some((reason) => reason.includes('QuotaExceededError'))).toBe(true)
  })

  test('behavior: the event log rebuilds the same state', async () => {
    const { kit } = createTestKit({ accounts: [{ address: toyAddress(1), balance: '3' }] })
    await kit.connect({ connectorId: 'toywallet' })
    await kit.features.send.send({ to: toyAddress(2), amount: '1' })
    await settle()
    const { rebuildState } = await import('../../../src/kernel/index.js')
    const { sendModule } = await import('../../../src/features/send/module.js')
    expect(
      rebuildState(kit.log.replay(), undefined, [{ name: 'send', module: sendModule }]),
    ).toEqual(kit.getState())
  })
})

describe('server rendering', () => {
  test('behavior: without window or localStorage the kit runs on memory storage', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
    const { plugin } = toyChain()
    const kit = createKit({ plugins: [plugin] })
    kit.open()
    expect(kit.getState().router.view).toBe('Connect')
    kit.destroy()
  })
})

describe('two families after a reload (issue 19, item 18)', () => {
  test('property: the family last used comes back active, with each family on its chosen network, whatever order the reconnects finish in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('toychain', 'toyb'),
        fc.record({ toychain: fc.boolean(), toyb: fc.boolean() }),
        fc.record({
          toychain: fc.integer({ min: 0, max: 3_000 }),
          toyb: fc.integer({ min: 0, max: 3_000 }),
        }),
        fc.record({ toychain: fc.boolean(), toyb: fc.boolean() }),
        async (lastUsed, onTestNetwork, delays, trusted) => {
          // The first visit: both families connected, each on the network the visitor chose,
          // then the visitor works in `lastUsed`.
          const first = createTestKit({ extraPlugins: [toyChain({ namespace: 'toyb' }).plugin] })
          for (const namespace of ['toychain', 'toyb'] as const) {
            await first.kit.connect({ namespace, connectorId: 'toywallet' })
            if (onTestNetwork[namespace]) await first.kit.switchNetwork(`${namespace}:test`)
          }
          first.kit.setActiveNamespace(lastUsed)
          first.kit.destroy()

          // The reload: each wallet answers its silent reconnect after its own delay, or refuses.
          const env = createVirtualEnv({ storage: first.env.storage.dump() })
          const wallet = (namespace: 'toychain' | 'toyb') =>
            toyChain({
              namespace,
              authorized: trusted[namespace] ? ['toywallet'] : [],
              features: { connectDelayMs: delays[namespace] },
            }).plugin
          const kit = createKit({ plugins: [wallet('toychain'), wallet('toyb')], env })
          await settle()
          env.advance(3_000)
          await settle()
          const state = kit.getState()
          const connected = (['toychain', 'toyb'] as const).filter(
            (namespace) =>
              state.namespaces.entities[namespace]?.accountState.status === 'connected',
          )
          expect(connected).toEqual(
            (['toychain', 'toyb'] as const).filter((namespace) => trusted[namespace]),
          )
          const other = lastUsed === 'toychain' ? 'toyb' : 'toychain'
          if (trusted[lastUsed]) expect(state.activeNamespace).toBe(lastUsed)
          else if (trusted[other]) expect(state.activeNamespace).toBe(other)
          for (const namespace of connected) {
            expect(state.namespaces.entities[namespace]?.networkState.caipNetworkId).toBe(
              `${namespace}:${onTestNetwork[namespace] ? 'test' : 'main'}`,
            )
          }
          kit.destroy()
        },
      ),
      { numRuns: 100 },
    )
  })
})
