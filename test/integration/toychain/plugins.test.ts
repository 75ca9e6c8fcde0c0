import { describe, expect, test } from 'vitest'
import {
  createKit,
  defineFeature,
  isStructurallyEqual,
  KitError,
  selectConnectMethodOrder,
} from '../../../src/index.js'
import { createVirtualEnv } from '../../../src/testing/index.js'
import { createTestKit } from '../../support/createTestKit.js'
import { toyChain, toyNetworks } from '../../support/toyChain.js'

describe('plugin registry', () => {
  test('default: falsy entries are ignored and nested arrays flattened', () => {
    const a = toyChain({ namespace: 'toya' })
    const b = toyChain({ namespace: 'toyb' })
    const kit = createKit({
      plugins: [false, [a.plugin, null, [b.plugin]], undefined],
      env: createVirtualEnv(),
    })
    expect(kit.getState().namespaces.ids).toEqual(['toya', 'toyb'])
  })

  test('behavior: two plugins for one namespace is an error', () => {
    const a = toyChain()
    const b = toyChain()
    expect(() =>
      createKit({ plugins: [a.plugin, b.plugin], env: createVirtualEnv() }),
    ).toThrowError(
      expect.objectContaining({ code: 'PLUGIN_ALREADY_REGISTERED', plugin: 'toychain' }),
    )
  })

  test('behavior: a plugin declaring networks of another namespace, or a default type it does not support, is refused', () => {
    const { plugin } = toyChain()
    const [foreign] = toyNetworks('other')
    expect(() =>
      createKit({ plugins: [{ ...plugin, networks: [foreign] }], env: createVirtualEnv() }),
    ).toThrowError(KitError)
    expect(() =>
      createKit({
        plugins: [{ ...plugin, accountTypes: { default: 'payment', supported: ['eoa'] } }],
        env: createVirtualEnv(),
      }),
    ).toThrowError(/default account type/)
    expect(() =>
      createKit({ plugins: [{ ...plugin, namespace: 'Bad Namespace' }], env: createVirtualEnv() }),
    ).toThrowError(KitError)
  })

  test('behavior: bad options are refused with the schema words', () => {
    const { plugin } = toyChain()
    expect(() =>
      createKit({
        plugins: [plugin],
        env: createVirtualEnv(),
        environment: { device: 'watch' as 'mobile' },
      }),
    ).toThrowError(/Invalid input/)
  })

  test('behavior: the plugin address schema decides which addresses are valid', () => {
    const { kit } = createTestKit()
    expect(kit.isValidAddress('toychain', `ty${'0'.repeat(38)}`)).toBe(true)
    expect(kit.isValidAddress('toychain', '0x0')).toBe(false)
    expect(kit.isValidAddress('ghost', 'x')).toBe(false)
  })

  test('behavior: what a plugin can do is read from its adapter: no getBalance, no balances and no balance request', async () => {
    const { plugin } = toyChain()
    const withoutBalances = {
      ...plugin,
      createAdapter: (context: Parameters<typeof plugin.createAdapter>[0]) => {
        const {
          getBalance: _dropped,
          switchNetwork: _alsoDropped,
          ...rest
        } = plugin.createAdapter(context)
        return rest
      },
    }
    const kit = createKit({ plugins: [withoutBalances], env: createVirtualEnv() })
    expect(kit.getState().namespaces.entities.toychain?.capabilities).toMatchObject({
      balances: false,
      switchNetwork: false,
      send: true,
    })
    await kit.connect({ connectorId: 'toywallet' })
    expect(kit.getState().operations.pending).toEqual({})
    await expect(kit.refreshBalance()).rejects.toMatchObject({ code: 'CAPABILITY_UNSUPPORTED' })
  })

  test('behavior: a malformed wallet among those a plugin lists at start is dropped, the others are listed', () => {
    const { kit } = createTestKit({
      connectors: [
        { id: 'good', name: 'Good Wallet', type: 'ANNOUNCED', namespace: 'toychain' },
        { id: 'nameless', name: '', type: 'ANNOUNCED', namespace: 'toychain' },
        { id: 7, name: 'Numbered', type: 'ANNOUNCED', namespace: 'toychain' } as never,
        { id: 'other', name: 'Other Wallet', type: 'ANNOUNCED', namespace: 'toychain' },
      ],
    })
    expect(kit.getState().connectors.ids).toEqual(['toychain/good', 'toychain/other'])
  })

  test('behavior: a wallet announced later joins the list and changes the connect-method order', () => {
    // A feature rendering the email and social views (the embedded wallet's, when it exists).
    const embeddedViews = defineFeature({
      name: 'embeddedViews',
      views: ['EmailLogin', 'ConnectingSocial'],
      load: async () => ({}),
    })
    const { kit, wallet } = createTestKit({
      connectors: [{ id: 'auth', name: 'Email', type: 'AUTH', namespace: 'toychain' }],
      kit: { features: [embeddedViews] },
    })
    expect(selectConnectMethodOrder(kit.getState())).toEqual(['email', 'social', 'wallet'])
    wallet.announce({
      id: 'late',
      name: 'Late Wallet',
      type: 'ANNOUNCED',
      namespace: 'toychain',
      rdns: 'org.example.late',
    })
    expect(selectConnectMethodOrder(kit.getState())).toEqual(['wallet', 'email', 'social'])
  })
})

describe('derived streams', () => {
  test('behavior: each stream emits only when its value changes', async () => {
    const { kit } = createTestKit()
    const views: string[] = []
    const orders: unknown[] = []
    const statuses: string[] = []
    kit.streams.view$.subscribe((view) => views.push(view))
    kit.streams.connectMethodOrder$.subscribe((order) => orders.push(order))
    kit.streams.connectionStatus$.subscribe((status) => statuses.push(status))
    kit.showSnack('hello', 'success')
    kit.selectAccountTab('nfts')
    kit.open()
    kit.navigate('AllWallets')
    kit.navigate('AllWallets')
    await kit.connect({ connectorId: 'toywallet' })
    // Picking a wallet in the open modal shows its connecting view (a router rule, not a second intent).
    expect(views).toEqual(['Connect', 'AllWallets', 'ConnectingExternal'])
    expect(orders).toHaveLength(1)
    expect(statuses).toEqual(['disconnected', 'connecting', 'connected'])
    expect(isStructurallyEqual(orders[0], ['wallet'])).toBe(true)
  })

  test('behavior: subscribe calls the listener on changes only and stops on unsubscribe', () => {
    const { kit } = createTestKit()
    let calls = 0
    const stop = kit.subscribe(() => {
      calls += 1
    })
    kit.open()
    kit.navigate('Connect')
    stop()
    kit.close()
    expect(calls).toBe(1)
  })
})
