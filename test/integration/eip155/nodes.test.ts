import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  formatEther,
  type Hex,
  http,
  parseEther,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeEach, describe, expect, inject, test, vi } from 'vitest'
import { createKit, type Kit, type TokenInfo } from '../../../src/index.js'
import { createEip155Transport, eip155 } from '../../../src/plugins/eip155/index.js'
import { createTestWallet, createVirtualEnv, type VirtualEnv } from '../../../src/testing/index.js'
import { ANVIL_KEYS, localChain } from '../../support/eip155.js'
import { snackText } from '../../support/events.js'
import { callsOf, type RpcProxy, startRpcProxy } from './support/rpcProxy.js'

const nodes = inject('eip155')
const mainChain = localChain(nodes.main.chainId, nodes.main.url)
const reader = createPublicClient({ chain: mainChain, transport: http(nodes.main.url) })
const token: TokenInfo = {
  address: nodes.main.token,
  symbol: 'GWT',
  name: 'Gangway Test Token',
  decimals: 6,
  chainId: `eip155:${nodes.main.chainId}`,
}

const globals = globalThis as { window?: unknown }
const originalWindow = globals.window
let window: EventTarget
const kits: Kit[] = []
const proxies: RpcProxy[] = []

beforeEach(() => {
  window = new EventTarget()
  globals.window = window
})
afterEach(async () => {
  for (const kit of kits.splice(0)) kit.destroy()
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()))
})
afterAll(() => {
  globals.window = originalWindow
})

async function proxyOf(upstream = nodes.main.url) {
  const proxy = await startRpcProxy(upstream)
  proxies.push(proxy)
  return proxy
}

/** A kit whose node for the main chain is `rpcUrls`, with a test wallet holding `key`. */
function kitFor(
  rpcUrls: readonly string[],
  options: { key?: Hex; tokens?: readonly TokenInfo[]; chain?: typeof mainChain } = {},
) {
  const wallet = createTestWallet({
    privateKeys: [options.key ?? ANVIL_KEYS[1]],
    chains: [{ id: nodes.main.chainId, rpcUrl: nodes.main.url }],
  })
  wallet.announce(window)
  const env: VirtualEnv = createVirtualEnv()
  const kit = createKit({
    plugins: [
      eip155({ chains: [options.chain ?? mainChain], rpcUrls: { [nodes.main.chainId]: rpcUrls } }),
    ],
    tokens: options.tokens ?? [],
    env,
  })
  kits.push(kit)
  const connect = () => kit.connect({ namespace: 'eip155', connectorId: 'dev.gangway.testwallet' })
  return { kit, env, wallet, connect }
}

const account = (kit: Kit) => kit.getState().namespaces.entities.eip155!.accountState
/** The balance read ended, one way or the other. */
const balanceSettled = (kit: Kit) =>
  vi.waitFor(() => {
    const state = account(kit)
    if (state.balance === null && state.balanceFailedAt === null) throw new Error('pending')
  })

describe('cancelled reads (item 8)', () => {
  test('behavior: a balance read cancelled by an account change is abandoned at the node, never answered', async () => {
    const proxy = await proxyOf()
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    proxy.decide = async (call) => {
      if (call.method === 'eth_getBalance') await gate
      return undefined
    }
    const wallet = createTestWallet({
      privateKeys: [ANVIL_KEYS[1], ANVIL_KEYS[2]],
      chains: [{ id: nodes.main.chainId, rpcUrl: nodes.main.url }],
    })
    wallet.announce(window)
    const { kit, env } = kitFor([proxy.url])
    await kit.connect({ namespace: 'eip155', connectorId: 'dev.gangway.testwallet' })
    await proxy.until(() => callsOf(proxy.calls, 'eth_getBalance').length === 1)
    wallet.switchAccount(1)
    env.advance(0)
    // The first read's HTTP request is closed by the kit, so the node never works on it.
    await proxy.until(() => callsOf(proxy.abandoned, 'eth_getBalance').length === 1)
    release()
    await balanceSettled(kit)
    const second = privateKeyToAccount(ANVIL_KEYS[2]).address
    expect(account(kit).balance).toBe(formatEther(await reader.getBalance({ address: second })))
    expect(
      callsOf(proxy.forwarded, 'eth_getBalance').map((call) =>
        JSON.stringify(call.params).toLowerCase(),
      ),
    ).toEqual([JSON.stringify([second, 'latest']).toLowerCase()])
  })
})

describe('a hanging or failing node (item 9)', () => {
  test('behavior: a node that never answers gives Token Balance Unavailable after 10,000 ms (virtual time), and the request is closed', async () => {
    const proxy = await proxyOf()
    proxy.decide = (call) => (call.method === 'eth_getBalance' ? 'hang' : undefined)
    const { kit, env, connect } = kitFor([proxy.url])
    await connect()
    await proxy.until(() => callsOf(proxy.calls, 'eth_getBalance').length === 1)
    env.advance(9_999)
    expect(account(kit).balanceFailedAt).toBeNull()
    env.advance(1)
    await vi.waitFor(() => expect(snackText(kit.getState())).toBe('Token Balance Unavailable'))
    await proxy.until(() => proxy.abandoned.length > 0)
    expect(account(kit).balance).toBeNull()
  })

  test('behavior: a node failing with HTTP 503 is asked once, not retried behind the visitor’s back', async () => {
    const proxy = await proxyOf()
    proxy.decide = (call) => (call.method === 'eth_getBalance' ? { status: 503 } : undefined)
    const { kit, connect } = kitFor([proxy.url])
    await connect()
    await vi.waitFor(() => expect(snackText(kit.getState())).toBe('Token Balance Unavailable'))
    expect(callsOf(proxy.calls, 'eth_getBalance')).toHaveLength(1)
  })
})

describe('a lying node (item 10)', () => {
  test.each([
    ['an empty string', ''],
    ['true', true],
    ['2^1024', `0x1${'0'.repeat(256)}`],
    ['a number', 12],
    ['a bare 0x', '0x'],
    ['null', null],
  ])('behavior: a balance answered as %s is an error, never shown', async (_name, result) => {
    const proxy = await proxyOf()
    proxy.decide = (call) => (call.method === 'eth_getBalance' ? { result } : undefined)
    const { kit, connect } = kitFor([proxy.url])
    await connect()
    await balanceSettled(kit)
    expect(account(kit)).toMatchObject({ status: 'connected', balance: null })
    expect(snackText(kit.getState())).toBe('Token Balance Unavailable')
  })

  test('behavior: a node of another chain is refused: its answer is never shown, and it is asked eth_chainId once', async () => {
    const proxy = await proxyOf(nodes.side.url)
    // Were its answer used, the visitor would see 1 wei.
    proxy.decide = (call) => (call.method === 'eth_getBalance' ? { result: '0x1' } : undefined)
    const { kit, env, connect } = kitFor([proxy.url])
    await connect()
    await balanceSettled(kit)
    expect(account(kit).balance).toBeNull()
    expect(snackText(kit.getState())).toBe('Token Balance Unavailable')
    const asked = proxy.calls.length
    env.advance(30_000)
    await kit.refreshBalance().catch(() => undefined)
    // Refused for good: the second read does not reach it at all.
    expect(proxy.calls).toHaveLength(asked)
    expect(callsOf(proxy.calls, 'eth_chainId')).toHaveLength(1)
  })

  test('behavior: the transport’s error names both chains', async () => {
    const client = createPublicClient({
      chain: mainChain,
      transport: createEip155Transport({ chain: mainChain, rpcUrls: [nodes.side.url] }),
    })
    const address = privateKeyToAccount(ANVIL_KEYS[1]).address
    await expect(client.getBalance({ address })).rejects.toThrow(
      /eip155:1337.*eip155:31337|eip155:31337.*eip155:1337/,
    )
  })

  test('behavior: behind a fallback, the node of another chain is skipped and the right one serves', async () => {
    const wrong = await proxyOf(nodes.side.url)
    wrong.decide = (call) => (call.method === 'eth_getBalance' ? { result: '0x1' } : undefined)
    const { kit, connect } = kitFor([wrong.url, nodes.main.url])
    await connect()
    await balanceSettled(kit)
    expect(account(kit).balance).toBe(
      formatEther(await reader.getBalance({ address: privateKeyToAccount(ANVIL_KEYS[1]).address })),
    )
  })
})

describe('tokens fail alone (item 11)', () => {
  /** A contract whose every call reverts: PUSH1 0 PUSH1 0 REVERT. */
  async function revertingToken(): Promise<TokenInfo> {
    const address = privateKeyToAccount(generatePrivateKey()).address
    await createTestClient({ mode: 'anvil', transport: http(nodes.main.url) }).setCode({
      address,
      bytecode: '0x60006000fd',
    })
    return { ...token, address, symbol: 'BAD', name: 'Reverting Token' }
  }

  test('behavior: one reverting configured ERC20 leaves the native balance and the other tokens shown', async () => {
    const bad = await revertingToken()
    const { kit, connect } = kitFor([nodes.main.url], { key: ANVIL_KEYS[0], tokens: [bad, token] })
    await connect()
    await balanceSettled(kit)
    expect(account(kit).balance).not.toBeNull()
    expect(account(kit).tokenBalance.map((entry) => entry.symbol)).toEqual(['ETH', 'GWT'])
    expect(kit.getState().snack.isOpen).toBe(false)
  })

  test('behavior: with only a reverting ERC20 configured the native balance still shows', async () => {
    const bad = await revertingToken()
    const { kit, connect } = kitFor([nodes.main.url], { tokens: [bad] })
    await connect()
    await balanceSettled(kit)
    const address = privateKeyToAccount(ANVIL_KEYS[1]).address
    expect(account(kit).balance).toBe(formatEther(await reader.getBalance({ address })))
    expect(account(kit).tokenBalance.map((entry) => entry.symbol)).toEqual(['ETH'])
  })

  test('behavior: a node failing every eth_call still shows the native balance', async () => {
    const proxy = await proxyOf()
    proxy.decide = (call) =>
      call.method === 'eth_call'
        ? { error: { code: -32000, message: 'execution aborted (timeout = 5s)' } }
        : undefined
    const { kit, connect } = kitFor([proxy.url], { tokens: [token] })
    await connect()
    await balanceSettled(kit)
    expect(account(kit).balance).not.toBeNull()
    expect(account(kit).tokenBalance.map((entry) => entry.symbol)).toEqual(['ETH'])
  })
})

describe('balances follow the chain (item 12)', () => {
  test('behavior: funds arriving from outside show up once their block is mined, without the visitor doing anything', async () => {
    const key = generatePrivateKey()
    const receiver = privateKeyToAccount(key).address
    const funder = createWalletClient({
      account: privateKeyToAccount(ANVIL_KEYS[5]),
      chain: mainChain,
      transport: http(nodes.main.url),
    })
    await reader.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: receiver, value: parseEther('1') }),
    })
    // A chain with one-second blocks: viem polls every 500 ms.
    const { kit, connect } = kitFor([nodes.main.url], {
      key,
      chain: { ...mainChain, blockTime: 1_000 },
    })
    await connect()
    await vi.waitFor(() => expect(account(kit).balance).toBe('1'))
    await reader.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: receiver, value: parseEther('0.5') }),
    })
    await vi.waitFor(() => expect(account(kit).balance).toBe('1.5'), { timeout: 5_000 })
  })

  test('behavior: a new block while a balance read is under way waits for it instead of cancelling it', async () => {
    const proxy = await proxyOf()
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    proxy.decide = async (call) => {
      if (call.method === 'eth_getBalance') await gate
      return undefined
    }
    const { kit, env, connect } = kitFor([proxy.url], { chain: { ...mainChain, blockTime: 1_000 } })
    await connect()
    await proxy.until(() => callsOf(proxy.calls, 'eth_getBalance').length === 1)
    // The watcher sees a new block while the read is held at the node.
    const polled = callsOf(proxy.calls, 'eth_blockNumber').length
    await createTestClient({ mode: 'anvil', transport: http(nodes.main.url) }).mine({ blocks: 1 })
    await proxy.until(() => callsOf(proxy.calls, 'eth_blockNumber').length >= polled + 2)
    release()
    await balanceSettled(kit)
    const types = () => kit.log.replay().map((event) => event.type)
    expect(types()).not.toContain('balance/failed')
    expect(snackText(kit.getState())).not.toBe('Request was aborted')
    // Once the read has answered, the block is honoured: the balance is read again.
    env.advance(0)
    await vi.waitFor(() =>
      expect(types().filter((type) => type === 'balance/succeeded').length).toBe(2),
    )
  })
})
