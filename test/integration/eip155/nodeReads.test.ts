import { createPublicClient, createWalletClient, formatEther, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test, vi } from 'vitest'
import { createKit } from '../../../src/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import { createTestWallet, createVirtualEnv } from '../../../src/testing/index.js'
import { ANVIL_KEYS, localChain } from '../../support/eip155.js'
import { snackText } from '../../support/events.js'
import { globals, kits, registerHarnessHooks, serve, window } from './support/harness.js'
import { mainChain, nodes } from './support/localNodes.js'
import { account, balanceSettled, kitFor, RDNS, walletFor } from './support/pluginKit.js'
import { type RpcCall, startRpcProxy } from './support/rpcProxy.js'

registerHarnessHooks()

describe('transport', () => {
  test('behavior: with the first node URL dead the fallback serves, and ranking then prefers the live one', async () => {
    let deadCalls = 0
    let deadSamples = 0
    const dead = await serve((body) => {
      const calls = Array.isArray(body) ? body : [body]
      deadCalls += calls.filter((call) => call.method === 'eth_getBalance').length
      deadSamples += calls.filter((call) => call.method !== 'eth_getBalance').length
      return undefined
    })
    walletFor([ANVIL_KEYS[1]])
    const { kit, env } = kitFor({
      rpcUrls: { [nodes.main.chainId]: [dead, nodes.main.url] },
      chains: { rank: { interval: 50, timeout: 200 } },
    })
    await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    await balanceSettled(kit)
    expect(account(kit).balance).not.toBeNull()
    expect(deadCalls).toBe(1)
    // Let viem's ranker take its 10 samples (it pings every node at once; the dead one counts
    // them), then fetch again past the 30 s balance cache.
    await vi.waitFor(() => expect(deadSamples).toBeGreaterThanOrEqual(11), { timeout: 5_000 })
    env.advance(30_000)
    await kit.refreshBalance()
    expect(deadCalls).toBe(1)
  })

  test('behavior: a node answering garbage gives Token Balance Unavailable and changes nothing else', async () => {
    const garbage = await serve((body) =>
      Array.isArray(body)
        ? body.map((call) => ({ jsonrpc: '2.0', id: call.id, result: 'banana' }))
        : { jsonrpc: '2.0', id: body.id, result: 'banana' },
    )
    walletFor([ANVIL_KEYS[1]])
    const { kit } = kitFor({ rpcUrls: { [nodes.main.chainId]: [garbage] } })
    await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    await balanceSettled(kit)
    expect(account(kit)).toMatchObject({ status: 'connected', balance: null, tokenBalance: [] })
    expect(kit.getState().snack.variant).toBe('error')
    expect(snackText(kit.getState())).toBe('Token Balance Unavailable')
  })

  test('behavior: a failing ENS lookup leaves the address shown and says nothing', async () => {
    const resolver = '0x000000000000000000000000000000000000dEaD' as const
    const proxy = await startRpcProxy(nodes.main.url)
    const isLookup = (call: RpcCall) =>
      call.method === 'eth_call' &&
      JSON.stringify(call.params).toLowerCase().includes(resolver.toLowerCase())
    // The resolver refuses, as a broken one would.
    proxy.decide = (call) =>
      isLookup(call) ? { error: { code: 3, message: 'execution reverted' } } : undefined
    try {
      walletFor([ANVIL_KEYS[1]])
      const withEns = { ...mainChain, contracts: { ensUniversalResolver: { address: resolver } } }
      const env = createVirtualEnv()
      const kit = createKit({
        plugins: [eip155({ chains: [withEns], rpcUrls: { 31337: [proxy.url] } })],
        env,
      })
      kits.push(kit)
      await kit.connect({ namespace: 'eip155', connectorId: RDNS })
      await balanceSettled(kit)
      await proxy.until((current) => current.calls.some(isLookup))
      // A later round trip of the same kit has come back, so the refusal before it has too.
      env.advance(30_000)
      await kit.refreshBalance()
      expect(account(kit)).toMatchObject({
        status: 'connected',
        profileName: null,
        address: privateKeyToAccount(ANVIL_KEYS[1]).address,
      })
      expect(kit.getState().snack.isOpen).toBe(false)
    } finally {
      await proxy.close()
    }
  })
})

describe('ENS profiles', () => {
  test('default: a connected address with a primary name shows that name and its avatar (not one that is no image); one without shows neither', async () => {
    const { startAnvil } = await import('../../../src/testing/node.js')
    const { deployTestEnsResolver } = await import('../../../src/testing/index.js')
    const node = await startAnvil({ chainId: 31339 })
    try {
      const chain = localChain(node.chainId, node.url)
      const named = privateKeyToAccount(ANVIL_KEYS[2])
      // A data: URI is an on-chain avatar: viem hands it back without fetching anything.
      const avatar =
        'data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnLz4='
      const { address: resolver } = await deployTestEnsResolver({
        walletClient: createWalletClient({
          account: privateKeyToAccount(ANVIL_KEYS[0]),
          chain,
          transport: http(node.url),
        }),
        publicClient: createPublicClient({ chain, transport: http(node.url) }),
        records: [
          { address: named.address, name: 'alice.eth', avatar },
          // viem hands any `data:…;base64,` record back as it is: a page, not an image.
          {
            address: privateKeyToAccount(ANVIL_KEYS[4]).address,
            name: 'mallory.eth',
            avatar: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
          },
        ],
      })
      const withEns = { ...chain, contracts: { ensUniversalResolver: { address: resolver } } }
      const profileOf = async (key: Hex) => {
        const local = new EventTarget()
        globals.window = local
        createTestWallet({
          privateKeys: [key],
          chains: [{ id: node.chainId, rpcUrl: node.url }],
        }).announce(local)
        const kit = createKit({
          plugins: [eip155({ chains: [withEns], rpcUrls: { [node.chainId]: [node.url] } })],
          env: createVirtualEnv(),
        })
        kits.push(kit)
        await kit.connect({ namespace: 'eip155', connectorId: RDNS })
        await balanceSettled(kit)
        for (let round = 0; round < 100 && account(kit).profileName === null; round += 1)
          await new Promise((resolve) => setTimeout(resolve, 10))
        return account(kit)
      }

      expect(await profileOf(ANVIL_KEYS[2])).toMatchObject({
        status: 'connected',
        address: named.address,
        profileName: 'alice.eth',
        profileImage: avatar,
      })
      // An avatar that is no image is dropped where it comes in; the name stays.
      expect(await profileOf(ANVIL_KEYS[4])).toMatchObject({
        profileName: 'mallory.eth',
        profileImage: null,
      })
      expect(await profileOf(ANVIL_KEYS[3])).toMatchObject({
        status: 'connected',
        address: privateKeyToAccount(ANVIL_KEYS[3]).address,
        profileName: null,
        profileImage: null,
      })
    } finally {
      await node.stop()
    }
  })
})

describe('a chain that mines later', () => {
  test('behavior: after a send the account shows the balance the chain has once the transaction is mined', async () => {
    const { startAnvil } = await import('../../../src/testing/node.js')
    const slow = await startAnvil({ chainId: 31338, blockTimeSeconds: 1 })
    try {
      const chain = localChain(slow.chainId, slow.url)
      const wallet = createTestWallet({
        privateKeys: [ANVIL_KEYS[1]],
        chains: [{ id: slow.chainId, rpcUrl: slow.url }],
      })
      wallet.announce(window)
      const kit = createKit({
        plugins: [eip155({ chains: [chain], rpcUrls: { [slow.chainId]: [slow.url] } })],
        env: createVirtualEnv(),
      })
      kits.push(kit)
      await kit.connect({ namespace: 'eip155', connectorId: RDNS })
      await balanceSettled(kit)
      const slowReader = createPublicClient({ chain, transport: http(slow.url) })
      const sender = privateKeyToAccount(ANVIL_KEYS[1]).address
      const { hash } = await kit.features.send.send({
        to: privateKeyToAccount(ANVIL_KEYS[2]).address,
        amount: '1',
      })
      await slowReader.waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 100 })
      const mined = formatEther(await slowReader.getBalance({ address: sender }))
      // The kit read right after the send (still unmined); the plugin's receipt watch makes it
      // read again once mined, without the visitor doing anything.
      await expect.poll(() => account(kit).balance, { timeout: 10_000, interval: 100 }).toBe(mined)
    } finally {
      await slow.stop()
    }
  })
})
