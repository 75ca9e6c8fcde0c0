import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeEach, describe, expect, inject, test, vi } from 'vitest'
import { createKit, type Kit, type KitEvent } from '../../../src/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import { createTestWallet, createVirtualEnv, type VirtualEnv } from '../../../src/testing/index.js'
import { ANVIL_KEYS, localChain } from '../../support/eip155.js'
import { type ControlledWallet, controlWallet } from './support/controlledWallet.js'
import { startRpcProxy } from './support/rpcProxy.js'

const nodes = inject('eip155')
const mainChain = localChain(nodes.main.chainId, nodes.main.url)
const sideChain = localChain(nodes.side.chainId, nodes.side.url)
const CHAIN = `eip155:${nodes.main.chainId}`
const ADDRESSES = ANVIL_KEYS.map((key) => privateKeyToAccount(key).address)
const address = (index: number) => ADDRESSES[index]!

const globals = globalThis as { window?: unknown }
const originalWindow = globals.window
let window: EventTarget
const kits: Kit[] = []

beforeEach(() => {
  window = new EventTarget()
  globals.window = window
})
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})
afterAll(() => {
  globals.window = originalWindow
})

/** A wallet holding `keys`, announced as `rdns`, whose prompts wait for the test. */
function walletAt(rdns: string, name: string, keys: readonly number[]): ControlledWallet {
  const wallet = controlWallet(
    createTestWallet({
      privateKeys: keys.map((index) => ANVIL_KEYS[index]!),
      chains: [
        { id: nodes.main.chainId, rpcUrl: nodes.main.url },
        { id: nodes.side.chainId, rpcUrl: nodes.side.url },
      ],
    }),
  )
  wallet.announce(window, rdns, name)
  return wallet
}

function kitFor(): { kit: Kit; env: VirtualEnv } {
  const env = createVirtualEnv()
  const kit = createKit({
    plugins: [
      eip155({
        chains: [mainChain, sideChain],
        rpcUrls: { [nodes.main.chainId]: [nodes.main.url], [nodes.side.chainId]: [nodes.side.url] },
      }),
    ],
    env,
  })
  kits.push(kit)
  return { kit, env }
}

const account = (kit: Kit) => kit.getState().namespaces.entities.eip155!.accountState
const eventsSince = (kit: Kit, seq: number, type: KitEvent['type']) =>
  kit.log.replay(seq + 1).filter((event) => event.type === type)

/** Connects `wallet` (approving its prompt as the visitor would). */
async function connect(kit: Kit, wallet: ControlledWallet, connectorId: string) {
  const connecting = kit.connect({ namespace: 'eip155', connectorId })
  await wallet.prompted()
  await wallet.approve()
  return connecting
}

describe('chain ids from the wallet (item 4)', () => {
  test('behavior: a chainChanged outside the safe positive integers is ignored', async () => {
    const wallet = walletAt('io.hostile', 'Hostile', [1])
    const { kit, env } = kitFor()
    await connect(kit, wallet, 'io.hostile')
    for (const hex of [`0x${'f'.repeat(64)}`, '0x0', '0x20000000000000', 'banana', 42.5]) {
      wallet.emit('chainChanged', hex)
      env.advance(0)
    }
    expect(kit.getState().namespaces.entities.eip155!.networkState.caipNetworkId).toBe(CHAIN)
    expect(account(kit).caipAddress).toBe(`${CHAIN}:${address(1)}`)
    expect(JSON.stringify(kit.getState())).not.toMatch(/eip155:(Infinity|NaN|\d+(\.\d+)?e\+)/)
    // A real change still arrives.
    wallet.emit('chainChanged', `0x${nodes.side.chainId.toString(16)}`)
    env.advance(0)
    expect(account(kit).caipAddress).toBe(`eip155:${nodes.side.chainId}:${address(1)}`)
  })

  test('behavior: a connect answered with chain 0xfff… fails and leaves nothing in state', async () => {
    const wallet = walletAt('io.hostile', 'Hostile', [1])
    wallet.overrides.set('eth_chainId', `0x${'f'.repeat(64)}`)
    const { kit } = kitFor()
    await expect(connect(kit, wallet, 'io.hostile')).rejects.toMatchObject({ plugin: 'eip155' })
    expect(account(kit).status).toBe('disconnected')
    expect(JSON.stringify(kit.getState())).not.toMatch(/eip155:(Infinity|NaN|\d+(\.\d+)?e\+)/)
  })
})

describe('a cancelled connect that answers late (item 5)', () => {
  test('behavior: wallet A approved after the visitor connected B does not take over', async () => {
    const first = walletAt('io.first', 'First', [1])
    const second = walletAt('io.second', 'Second', [2, 3])
    const { kit, env } = kitFor()
    const abandoned = kit.connect({ namespace: 'eip155', connectorId: 'io.first' })
    abandoned.catch(() => undefined)
    await first.prompted()
    await connect(kit, second, 'io.second')
    await expect(abandoned).rejects.toMatchObject({ code: 'CANCELLED' })

    // The visitor finds A's popup later and approves it.
    await first.approve()
    // A real round trip to the node: the late answer has long been handled by then.
    await kit.refreshBalance()
    expect(first.listenerCount('accountsChanged')).toBe(0)
    expect(first.listenerCount('disconnect')).toBe(0)
    expect(account(kit).caipAddress).toBe(`${CHAIN}:${address(2)}`)
    expect(account(kit).connectedWalletInfo?.name).toBe('Second')

    // B's account changes still reach the kit; A's events do not.
    second.wallet.switchAccount(1)
    env.advance(0)
    expect(account(kit).address).toBe(address(3))
    first.emit('accountsChanged', [address(1)])
    first.emit('disconnect', { code: 4900, message: 'Disconnected' })
    env.advance(0)
    expect(account(kit)).toMatchObject({ status: 'connected', address: address(3) })
  })
})

describe('a second click while the wallet shows its prompt (item 7, plugin side)', () => {
  test('behavior: the second connect waits on the open prompt, and approving it connects', async () => {
    const wallet = walletAt('io.popup', 'Popup', [1])
    const { kit } = kitFor()
    const firstClick = kit.connect({ namespace: 'eip155', connectorId: 'io.popup' })
    firstClick.catch(() => undefined)
    await wallet.prompted()
    const secondClick = kit.connect({ namespace: 'eip155', connectorId: 'io.popup' })
    await expect(firstClick).rejects.toMatchObject({ code: 'CANCELLED' })
    await wallet.approve()
    await expect(secondClick).resolves.toMatchObject({ caipAddress: `${CHAIN}:${address(1)}` })
    expect(account(kit).status).toBe('connected')
    const prompts = wallet.wallet.requests.filter(({ method }) => method === 'eth_requestAccounts')
    expect(prompts).toHaveLength(1)
  })

  test('behavior: -32002 for a prompt the kit did not open says to look at the wallet, not Unknown error', async () => {
    const wallet = walletAt('io.popup', 'Popup', [1])
    const { kit } = kitFor()
    // A prompt left open by an earlier page load.
    void wallet.provider.request({ method: 'eth_requestAccounts' })
    await wallet.prompted()
    await expect(
      kit.connect({ namespace: 'eip155', connectorId: 'io.popup' }),
    ).rejects.toMatchObject({
      code: 'WALLET_REQUEST_PENDING',
      userMessage: 'Open your wallet to continue',
      details: expect.stringMatching(/-32002/),
    })
  })
})

describe('wallet event storms (item 8)', () => {
  test('behavior: 10,000 accountsChanged in one tick reach the kit as one account change', async () => {
    const wallet = walletAt('io.storm', 'Storm', [1, 2])
    wallet.holdPrompts = false
    const { kit, env } = kitFor()
    await kit.connect({ namespace: 'eip155', connectorId: 'io.storm' })
    const seq = kit.log.lastSeq()
    for (let round = 0; round < 10_000; round += 1)
      wallet.emit('accountsChanged', [address(round % 2 === 0 ? 2 : 1), address(1)])
    env.advance(0)
    expect(eventsSince(kit, seq, 'account/changed')).toHaveLength(1)
    expect(account(kit).address).toBe(address(1))
  })

  test('behavior: 1,000 accountsChanged 1 ms apart are coalesced to a few account changes', async () => {
    const wallet = walletAt('io.storm', 'Storm', [1, 2])
    wallet.holdPrompts = false
    const { kit, env } = kitFor()
    await kit.connect({ namespace: 'eip155', connectorId: 'io.storm' })
    const seq = kit.log.lastSeq()
    for (let round = 0; round < 1_000; round += 1) {
      wallet.emit('accountsChanged', [address(round % 2 === 0 ? 2 : 1)])
      env.advance(1)
    }
    env.advance(1_000)
    const changes = eventsSince(kit, seq, 'account/changed')
    // One per 100 ms window (docs/decisions/0100-untrusted-wallet-input.md), plus the last word.
    expect(changes.length).toBeLessThanOrEqual(12)
    expect(changes.length).toBeGreaterThan(1)
    expect(account(kit).address).toBe(address(1))
    await vi.waitFor(() => expect(account(kit).balance).not.toBeNull())
  })

  test('behavior: 1,000 accountsChanged 1 ms apart reach the node as a handful of balance reads, not hundreds', async () => {
    const proxy = await startRpcProxy(nodes.main.url)
    try {
      const wallet = walletAt('io.storm', 'Storm', [1, 2])
      wallet.holdPrompts = false
      const env = createVirtualEnv()
      const kit = createKit({
        plugins: [eip155({ chains: [mainChain], rpcUrls: { [nodes.main.chainId]: [proxy.url] } })],
        env,
      })
      kits.push(kit)
      await kit.connect({ namespace: 'eip155', connectorId: 'io.storm' })
      await vi.waitFor(() => expect(account(kit).balance).not.toBeNull())
      const before = proxy.calls.filter((call) => call.method === 'eth_getBalance').length
      const seq = kit.log.lastSeq()
      for (let round = 0; round < 1_000; round += 1) {
        wallet.emit('accountsChanged', [address(round % 2 === 0 ? 1 : 2)])
        env.advance(1)
        // Let each read that starts actually reach the proxy before the next change cancels it.
        await Promise.resolve()
      }
      env.advance(1_000)
      await vi.waitFor(() => expect(account(kit).balance).not.toBeNull())
      const changes = eventsSince(kit, seq, 'account/changed').length
      const reads = proxy.calls.filter((call) => call.method === 'eth_getBalance').length - before
      expect(reads).toBeGreaterThan(0)
      // At most one read per account change the kit accepted (the coalescing window), not 500.
      expect(reads).toBeLessThanOrEqual(changes + 1)
    } finally {
      await proxy.close()
    }
  })

  test('behavior: a wallet disconnect right after a storm wins over the storm', async () => {
    const wallet = walletAt('io.storm', 'Storm', [1, 2])
    wallet.holdPrompts = false
    const { kit, env } = kitFor()
    await kit.connect({ namespace: 'eip155', connectorId: 'io.storm' })
    for (let round = 0; round < 100; round += 1) wallet.emit('accountsChanged', [address(2)])
    wallet.emit('disconnect', { code: 4900, message: 'Disconnected' })
    env.advance(1_000)
    expect(account(kit).status).toBe('disconnected')
  })
})
