import { expect, test } from 'vitest'
import { TOY_WALLET, toyChain } from '../../../test/support/toyChain.js'
import {
  type ChainAdapter,
  type Connector,
  createKit,
  definePlugin,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import { createVirtualEnv, settle } from '../../testing/index.js'
import { createWalletConnect } from '../../walletconnect/index.js'
import { createLazyAdapter, type LazyAdapterMethod } from './createLazyAdapter.js'

/**
 * The toychain with its adapter behind a download, as a real plugin ships its chain library:
 * `arrive()` lets the next download land, `fail()` makes it fail as a dropped network would.
 */
function lazyToyChain(
  options: { methods?: readonly LazyAdapterMethod[]; walletConnect?: boolean } = {},
) {
  const toy = toyChain()
  const downloads: { arrive(): void; fail(): void }[] = []
  const released: string[] = []
  const plugin = definePlugin({
    ...toy.plugin,
    createAdapter: (context) =>
      createLazyAdapter(context, {
        namespace: 'toychain',
        discovery: () => ({
          listConnectors: (): Connector[] => [TOY_WALLET],
          destroy: () => void released.push('discovery'),
        }),
        load: () =>
          new Promise<ChainAdapter>((resolve, reject) => {
            downloads.push({
              arrive: () =>
                resolve({
                  ...toy.plugin.createAdapter(context),
                  destroy: () => void released.push('chain code'),
                }),
              fail: () => reject(new TypeError('Failed to fetch dynamically imported module')),
            })
          }),
        methods: options.methods ?? ['switchNetwork', 'getBalance', 'send', 'signMessage'],
        walletConnect: options.walletConnect
          ? {
              hub: createWalletConnect({ relayUrl: 'ws://127.0.0.1:9' }),
              load: async () => {
                throw new Error('not needed here')
              },
            }
          : undefined,
      }),
  })
  return { plugin, wallet: toy.wallet, downloads, released }
}

test('behavior: wallets are listed at start and the chain code downloads only when the visitor acts, once', async () => {
  const { plugin, downloads } = lazyToyChain()
  const kit = createKit({ plugins: [plugin], env: createVirtualEnv() })
  expect(kit.getState().connectors.ids).toEqual(['toychain/toywallet'])
  expect(downloads).toHaveLength(0)
  const connecting = kit.connect({ connectorId: 'toywallet' })
  await settle()
  expect(downloads).toHaveLength(1)
  downloads[0]!.arrive()
  await expect(connecting).resolves.toMatchObject({ namespace: 'toychain' })
  await kit.signMessage({ message: 'hello' })
  expect(downloads).toHaveLength(1)
  kit.destroy()
})

test('behavior: pointing at a wallet starts the download before the click', async () => {
  const { plugin, downloads } = lazyToyChain()
  const kit = createKit({ plugins: [plugin], env: createVirtualEnv() })
  kit.anticipateConnect({ namespace: 'toychain', connectorId: 'toywallet' })
  await settle()
  expect(downloads).toHaveLength(1)
  kit.destroy()
})

test('behavior: a failed download fails that connect and the next one downloads again', async () => {
  const { plugin, downloads } = lazyToyChain()
  const kit = createKit({ plugins: [plugin], env: createVirtualEnv() })
  const first = kit.connect({ connectorId: 'toywallet' })
  await settle()
  downloads[0]!.fail()
  await expect(first).rejects.toMatchObject({ code: 'UNKNOWN_ERROR', plugin: 'toychain' })
  const second = kit.connect({ connectorId: 'toywallet' })
  await settle()
  expect(downloads).toHaveLength(2)
  downloads[1]!.arrive()
  await expect(second).resolves.toMatchObject({ namespace: 'toychain' })
  kit.destroy()
})

test('behavior: chain code that arrives after the kit was destroyed is released at once', async () => {
  const { plugin, downloads, released } = lazyToyChain()
  const kit = createKit({ plugins: [plugin], env: createVirtualEnv() })
  kit.anticipateConnect({ namespace: 'toychain', connectorId: 'toywallet' })
  await settle()
  kit.destroy()
  expect(released).toEqual(['discovery'])
  downloads[0]!.arrive()
  await settle()
  expect(released).toEqual(['discovery', 'chain code'])
})

test('behavior: the kit offers what the plugin lists, before any code has loaded', () => {
  const { plugin } = lazyToyChain({ methods: ['getBalance'] })
  const kit = createKit({ plugins: [plugin], env: createVirtualEnv() })
  expect(kit.getState().namespaces.entities.toychain?.capabilities).toMatchObject({
    balances: true,
    send: false,
    signMessage: false,
    switchNetwork: false,
  })
  kit.destroy()
})

test('behavior: with WalletConnect its connector is listed first, and nothing of it loads at start', () => {
  const { plugin, downloads } = lazyToyChain({ walletConnect: true })
  const kit = createKit({ plugins: [plugin], env: createVirtualEnv() })
  expect(kit.getState().connectors.ids).toEqual([
    `toychain/${WALLET_CONNECT_CONNECTOR_ID}`,
    'toychain/toywallet',
  ])
  expect(downloads).toHaveLength(0)
  kit.destroy()
})
