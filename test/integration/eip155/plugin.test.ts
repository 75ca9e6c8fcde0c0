import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  formatEther,
  formatUnits,
  type Hex,
  http,
  parseEther,
  parseUnits,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeEach, describe, expect, inject, test } from 'vitest'
import { createKit, type Kit, selectConnectionStatus } from '../../../src/kernel/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import {
  createTestWallet,
  createVirtualEnv,
  settle,
  type VirtualEnv,
} from '../../../src/testing/index.js'
import { ANVIL_KEYS, localChain } from '../../support/eip155.js'
import { snackText } from '../../support/events.js'

const nodes = inject('eip155')
const mainChain = localChain(nodes.main.chainId, nodes.main.url)
const sideChain = localChain(nodes.side.chainId, nodes.side.url)
const reader = createPublicClient({ chain: mainChain, transport: http(nodes.main.url) })
const token = {
  address: nodes.main.token,
  symbol: 'GWT',
  name: 'Gangway Test Token',
  decimals: 6,
  chainId: 'eip155:31337' as const,
}

const globals = globalThis as { window?: unknown }
const originalWindow = globals.window
let window: EventTarget & { ethereum?: unknown }
const kits: Kit[] = []
const servers: Server[] = []

beforeEach(() => {
  // EIP-6963 discovery talks to the page's window; each test gets a fresh one.
  window = new EventTarget()
  globals.window = window
})
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})
afterAll(async () => {
  globals.window = originalWindow
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
})

function walletFor(
  privateKeys: readonly Hex[],
  features: Parameters<typeof createTestWallet>[0]['features'] = {},
) {
  const wallet = createTestWallet({
    privateKeys,
    chains: [
      { id: nodes.main.chainId, rpcUrl: nodes.main.url },
      { id: nodes.side.chainId, rpcUrl: nodes.side.url },
    ],
    features,
  })
  wallet.announce(window)
  return wallet
}

function kitFor(
  options: {
    env?: VirtualEnv
    rpcUrls?: Record<number, string[]>
    chains?: Parameters<typeof eip155>[0]
  } = {},
) {
  const env = options.env ?? createVirtualEnv()
  const kit = createKit({
    plugins: [
      eip155({
        chains: [mainChain, sideChain],
        rpcUrls: options.rpcUrls ?? {
          [nodes.main.chainId]: [nodes.main.url],
          [nodes.side.chainId]: [nodes.side.url],
        },
        ...options.chains,
      }),
    ],
    tokens: [token],
    env,
  })
  kits.push(kit)
  return { kit, env }
}

const account = (kit: Kit) => kit.getState().namespaces.entities.eip155!.accountState
const RDNS = 'dev.gangway.testwallet'

/** Waits until the kit has settled a balance fetch (real HTTP to the node). */
async function balanceSettled(kit: Kit) {
  for (let round = 0; round < 200; round += 1) {
    const state = account(kit)
    if (state.balance !== null || state.balanceFailedAt !== null) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

function serve(
  handler: (body: { id: number; method: string }[] | { id: number; method: string }) => unknown,
): Promise<string> {
  return new Promise((resolve) => {
    const server = createServer((request, response) => {
      let raw = ''
      request.on('data', (chunk) => {
        raw += chunk
      })
      request.on('end', () => {
        const reply = handler(JSON.parse(raw))
        if (reply === undefined) {
          response.writeHead(503).end()
          return
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply))
      })
    })
    servers.push(server)
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    )
  })
}

describe('connect through EIP-6963', () => {
  test('default: the announced wallet is listed, connects, and the balance equals what anvil reports', async () => {
    walletFor([ANVIL_KEYS[1]])
    const { kit } = kitFor()
    expect(kit.getState().connectors.entities[`eip155/${RDNS}`]).toMatchObject({
      type: 'ANNOUNCED',
      name: 'Gangway Test Wallet',
    })
    const address = privateKeyToAccount(ANVIL_KEYS[1]).address
    const result = await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    expect(result.caipAddress).toBe(`eip155:31337:${address}`)
    await balanceSettled(kit)
    expect(account(kit).balance).toBe(formatEther(await reader.getBalance({ address })))
    expect(account(kit).balanceSymbol).toBe('ETH')
    expect(kit.getState().recentWallets[0]).toMatchObject({ id: RDNS, rdns: RDNS })
  })

  test('behavior: token balances come from one multicall, with the deployer holding the test token', async () => {
    walletFor([ANVIL_KEYS[0]])
    const { kit } = kitFor()
    await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    await balanceSettled(kit)
    const held = await reader.readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [privateKeyToAccount(ANVIL_KEYS[0]).address],
    })
    const entry = account(kit).tokenBalance.find((balance) => balance.symbol === 'GWT')
    expect(entry?.quantity).toEqual({ decimals: '6', numeric: formatUnits(held, 6) })
  })

  test('behavior: a rejection in the wallet (4001) is USER_REJECTED and leaves the kit disconnected', async () => {
    walletFor([ANVIL_KEYS[1]], { rejectRequests: true })
    const { kit } = kitFor()
    await expect(kit.connect({ namespace: 'eip155', connectorId: RDNS })).rejects.toMatchObject({
      code: 'USER_REJECTED',
      userMessage: 'Signature declined',
      plugin: 'eip155',
    })
    expect(selectConnectionStatus(kit.getState())).toBe('disconnected')
  })

  test('behavior: the legacy window.ethereum is listed as INJECTED only when no announced wallet is the same', async () => {
    const wallet = createTestWallet({
      privateKeys: [ANVIL_KEYS[1]],
      chains: [{ id: nodes.main.chainId, rpcUrl: nodes.main.url }],
    })
    window.ethereum = wallet.provider
    const alone = kitFor().kit
    expect(alone.getState().connectors.entities['eip155/injected']).toMatchObject({
      type: 'INJECTED',
    })
    await expect(
      alone.connect({ namespace: 'eip155', connectorId: 'injected' }),
    ).resolves.toBeDefined()
    wallet.announce(window)
    const both = kitFor().kit
    expect(both.getState().connectors.ids).toEqual([`eip155/${RDNS}`])
  })
})

describe('send', () => {
  test('behavior: native and ERC20 sends move balances on chain and in the kit', async () => {
    walletFor([ANVIL_KEYS[0]])
    const { kit } = kitFor()
    await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    await balanceSettled(kit)
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const { hash } = await kit.features.send.send({ to: receiver, amount: '1.5' })
    expect((await reader.waitForTransactionReceipt({ hash: hash as Hex })).status).toBe('success')
    expect(await reader.getBalance({ address: receiver })).toBe(parseEther('1.5'))
    expect(snackText(kit.getState())).toBe('Transaction started')

    const gwt = account(kit).tokenBalance.find((balance) => balance.symbol === 'GWT')!
    const tokenSend = await kit.features.send.send({ to: receiver, amount: '12.5', token: gwt })
    expect((await reader.waitForTransactionReceipt({ hash: tokenSend.hash as Hex })).status).toBe(
      'success',
    )
    expect(
      await reader.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [receiver],
      }),
    ).toBe(parseUnits('12.5', 6))
    // The refresh after the send reads the node again (the send invalidated the cache).
    const sender = privateKeyToAccount(ANVIL_KEYS[0]).address
    const onChain = formatEther(await reader.getBalance({ address: sender }))
    for (let round = 0; round < 200 && account(kit).balance !== onChain; round += 1) await settle()
    expect(account(kit).balance).toBe(onChain)
  })

  test('behavior: a token holder without ETH gets Insufficient balance for gas, and nothing is sent', async () => {
    const key = generatePrivateKey()
    const holder = privateKeyToAccount(key).address
    const funder = createWalletClient({
      account: privateKeyToAccount(ANVIL_KEYS[0]),
      chain: mainChain,
      transport: http(nodes.main.url),
    })
    const funded = await funder.writeContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [holder, parseUnits('5', 6)],
    })
    await reader.waitForTransactionReceipt({ hash: funded })
    const wallet = walletFor([key])
    const { kit } = kitFor()
    await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    await balanceSettled(kit)
    const gwt = account(kit).tokenBalance.find((balance) => balance.symbol === 'GWT')!
    const before = account(kit)
    await expect(
      kit.features.send.send({
        to: privateKeyToAccount(ANVIL_KEYS[2]).address,
        amount: '1',
        token: gwt,
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_GAS', userMessage: 'Insufficient balance' })
    expect(account(kit)).toEqual(before)
    expect(wallet.requests.some((request) => request.method === 'eth_sendTransaction')).toBe(false)
    // More tokens than held is refused before the chain is asked anything.
    const seq = kit.log.lastSeq()
    await expect(
      kit.features.send.send({ to: holder, amount: '6', token: gwt }),
    ).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    })
    expect(kit.log.lastSeq()).toBe(seq)
  })
})

describe('send failures', () => {
  test('behavior: a transfer the token contract refuses is Failed to send transaction. Please try again.', async () => {
    walletFor([ANVIL_KEYS[0]])
    const { kit } = kitFor()
    await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    await balanceSettled(kit)
    const gwt = account(kit).tokenBalance.find((balance) => balance.symbol === 'GWT')!
    await expect(
      kit.features.send.send({
        to: '0x0000000000000000000000000000000000000000',
        amount: '1',
        token: gwt,
      }),
    ).rejects.toMatchObject({
      code: 'SEND_FAILED',
      userMessage: 'Failed to send transaction. Please try again.',
      plugin: 'eip155',
    })
  })

  test('behavior: on a smart-account network an EOA wallet still gets the gas check (§5, §6)', async () => {
    const key = generatePrivateKey()
    const wallet = walletFor([key])
    const { kit, env } = kitFor({ chains: { smartAccountChainIds: [nodes.main.chainId] } })
    await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    await balanceSettled(kit)
    const error = await kit.features.send
      .send({ to: privateKeyToAccount(ANVIL_KEYS[2]).address, amount: '0.000001' })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'INSUFFICIENT_BALANCE' })
    // With a balance read as zero the kernel refuses before the plugin; fund a little and retry.
    const funder = createWalletClient({
      account: privateKeyToAccount(ANVIL_KEYS[0]),
      chain: mainChain,
      transport: http(nodes.main.url),
    })
    await reader.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: privateKeyToAccount(key).address, value: 1_000n }),
    })
    // Past the 30 s balance cache (§9), the new balance is read.
    env.advance(30_000)
    await kit.refreshBalance()
    expect(account(kit).balance).toBe('0.000000000000001')
    // The wallet reports an EOA, so nothing but the account pays for gas: the check applies.
    const second = await kit.features.send
      .send({ to: privateKeyToAccount(ANVIL_KEYS[2]).address, amount: '0.000000000000000001' })
      .catch((caught: unknown) => caught)
    expect(second).toMatchObject({ code: 'INSUFFICIENT_GAS', userMessage: 'Insufficient balance' })
    expect(wallet.requests.some((request) => request.method === 'eth_sendTransaction')).toBe(false)
  })
})

describe('networks', () => {
  test('behavior: switching asks the wallet; an unknown chain (4902) is added, then switched to', async () => {
    const wallet = walletFor([ANVIL_KEYS[3]], { unknownChainIds: [nodes.side.chainId] })
    const { kit } = kitFor()
    await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    await kit.switchNetwork('eip155:1337')
    const methods = wallet.requests.map((request) => request.method)
    expect(methods).toContain('wallet_addEthereumChain')
    expect(methods.filter((method) => method === 'wallet_switchEthereumChain')).toHaveLength(2)
    expect(account(kit).caipAddress).toBe(
      `eip155:1337:${privateKeyToAccount(ANVIL_KEYS[3]).address}`,
    )
    await kit.switchNetwork('eip155:31337')
    expect(account(kit).caipAddress?.startsWith('eip155:31337:')).toBe(true)
  })

  test('behavior: the wallet moving to a chain the site does not configure opens UnsupportedChain', async () => {
    const wallet = createTestWallet({
      privateKeys: [ANVIL_KEYS[3]],
      chains: [
        { id: nodes.main.chainId, rpcUrl: nodes.main.url },
        { id: nodes.side.chainId, rpcUrl: nodes.side.url },
      ],
    })
    wallet.announce(window)
    const env = createVirtualEnv()
    const kit = createKit({
      plugins: [eip155({ chains: [mainChain], rpcUrls: { 31337: [nodes.main.url] } })],
      env,
    })
    kits.push(kit)
    await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    wallet.switchChain(nodes.side.chainId)
    // Wallet events reach the kit on the next tick of its scheduler (coalesced, decision 0100).
    env.advance(0)
    expect(kit.getState().router.view).toBe('UnsupportedChain')
    expect(kit.getState().modal.isOpen).toBe(true)
  })
})

describe('wallet-side changes and reload', () => {
  test('behavior: an account switch and a disconnect in the wallet reach the kit', async () => {
    const wallet = walletFor([ANVIL_KEYS[1], ANVIL_KEYS[2]])
    const { kit, env } = kitFor()
    await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    wallet.switchAccount(1)
    // Wallet events reach the kit on the next tick of its scheduler (coalesced, decision 0100).
    env.advance(0)
    expect(account(kit).address).toBe(privateKeyToAccount(ANVIL_KEYS[2]).address)
    wallet.disconnect()
    expect(selectConnectionStatus(kit.getState())).toBe('disconnected')
  })

  test('behavior: after a reload the kit reconnects silently (eth_accounts, no prompt)', async () => {
    const wallet = walletFor([ANVIL_KEYS[1]])
    const first = kitFor()
    await first.kit.connect({ namespace: 'eip155', connectorId: RDNS })
    first.kit.destroy()
    const prompts = wallet.requests.filter(
      (request) => request.method === 'eth_requestAccounts',
    ).length
    const env = createVirtualEnv({ storage: first.env.storage.dump() })
    const { kit } = kitFor({ env })
    for (
      let round = 0;
      round < 50 && selectConnectionStatus(kit.getState()) !== 'connected';
      round += 1
    )
      await settle()
    expect(selectConnectionStatus(kit.getState())).toBe('connected')
    expect(
      wallet.requests.filter((request) => request.method === 'eth_requestAccounts'),
    ).toHaveLength(prompts)
    expect(wallet.requests.at(-1)?.method).not.toBe('eth_requestAccounts')
  })
})

describe('signing', () => {
  test('behavior: personal_sign and eth_signTypedData_v4 give signatures that verify; a rejection is USER_REJECTED', async () => {
    const wallet = walletFor([ANVIL_KEYS[4]])
    const { kit } = kitFor()
    await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    const address = privateKeyToAccount(ANVIL_KEYS[4]).address
    const { signature } = await kit.signMessage({ message: 'Sign in to site.example' })
    expect(
      await verifyMessage({
        address,
        message: 'Sign in to site.example',
        signature: signature as Hex,
      }),
    ).toBe(true)
    const typedData = {
      domain: { name: 'Gangway', version: '1', chainId: 31337 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting' as const,
      message: { text: 'hello' },
    }
    const typed = await kit.signTypedData({ typedData })
    expect(
      await verifyTypedData({ address, ...typedData, signature: typed.signature as Hex }),
    ).toBe(true)
    wallet.features.rejectRequests = true
    await expect(kit.signMessage({ message: 'again' })).rejects.toMatchObject({
      code: 'USER_REJECTED',
    })
  })
})

describe('transport', () => {
  test('behavior: with the first node URL dead the fallback serves, and ranking then prefers the live one', async () => {
    let deadCalls = 0
    const dead = await serve((body) => {
      const calls = Array.isArray(body) ? body : [body]
      deadCalls += calls.filter((call) => call.method === 'eth_getBalance').length
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
    // Let viem's ranker take its 10 samples, then fetch again past the 30 s balance cache.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
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
    walletFor([ANVIL_KEYS[1]])
    const withEns = {
      ...mainChain,
      contracts: {
        ensUniversalResolver: { address: '0x000000000000000000000000000000000000dEaD' as const },
      },
    }
    const kit = createKit({
      plugins: [eip155({ chains: [withEns], rpcUrls: { 31337: [nodes.main.url] } })],
      env: createVirtualEnv(),
    })
    kits.push(kit)
    await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    await balanceSettled(kit)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(account(kit)).toMatchObject({
      status: 'connected',
      profileName: null,
      address: privateKeyToAccount(ANVIL_KEYS[1]).address,
    })
    expect(kit.getState().snack.isOpen).toBe(false)
  })
})

describe('ENS profiles', () => {
  test('default: a connected address with a primary name shows that name and its avatar; one without shows neither', async () => {
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
        records: [{ address: named.address, name: 'alice.eth', avatar }],
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
