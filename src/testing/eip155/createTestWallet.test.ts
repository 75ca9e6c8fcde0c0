import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  type EIP1193Provider,
  type Hex,
  http,
  parseEther,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestWallet, type TestWalletParameters } from './createTestWallet.js'

// Anvil's first two default dev keys (test test … junk); never use them for real funds.
const KEY_0: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const KEY_1: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const ADDRESS_0 = privateKeyToAccount(KEY_0).address
const ADDRESS_1 = privateKeyToAccount(KEY_1).address
const TIMEOUT = 30_000

/** A private anvil launcher for this file only (the shared one lives in src/testing/nodes). */
interface Node {
  readonly url: string
  readonly process: ChildProcess
}

function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const require = createRequire(import.meta.url)
  const manifest = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`)
  return join(dirname(manifest), 'bin', 'anvil')
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function startNode(chainId: number): Promise<Node> {
  const port = await freePort()
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)]
  const child = spawn(anvilBinary(), [...args, '--silent'], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${stderr}`)
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      const { result } = (await response.json()) as { result?: string }
      if (result === toHex(chainId)) return { url, process: child }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  child.kill('SIGKILL')
  throw new Error(`anvil on port ${port} was not ready within 20 s: ${stderr}`)
}

function stopNode(node: Node | undefined): Promise<void> {
  if (!node || node.process.exitCode !== null || node.process.signalCode !== null) {
    return Promise.resolve()
  }
  return new Promise((resolve) => {
    node.process.once('exit', () => resolve())
    node.process.kill('SIGTERM')
  })
}

/** What `request` rejected with, for assertions on `code`. */
async function rejection(promise: Promise<unknown>): Promise<Error & { code: number }> {
  try {
    await promise
  } catch (error) {
    return error as Error & { code: number }
  }
  throw new Error('expected the request to fail')
}

/** Collects one event's payloads. */
function record<E extends 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect'>(
  provider: EIP1193Provider,
  event: E,
): unknown[] {
  const seen: unknown[] = []
  provider.on(event, ((payload: unknown) => seen.push(payload)) as never)
  return seen
}

let mainnet: Node | undefined
let second: Node | undefined

beforeAll(async () => {
  ;[mainnet, second] = await Promise.all([startNode(31337), startNode(1337)])
}, TIMEOUT)

afterAll(async () => {
  await Promise.all([stopNode(mainnet), stopNode(second)])
}, TIMEOUT)

function wallet(overrides: Partial<TestWalletParameters> = {}) {
  return createTestWallet({
    privateKeys: [KEY_0, KEY_1],
    chains: [{ id: 31337, rpcUrl: mainnet!.url }],
    ...overrides,
  })
}

describe('createTestWallet', () => {
  test('default', () => {
    const w = wallet()
    expect(w.addresses).toEqual([ADDRESS_0, ADDRESS_1])
    expect(w.info.name).toBe('Gangway Test Wallet')
    expect(w.info.rdns).toBe('dev.gangway.testwallet')
    expect(w.info.icon).toMatch(/^data:image\/svg\+xml,/)
    expect(w.info.uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(w.features).toEqual({ rejectRequests: false, unknownChainIds: [] })
    expect(() => createTestWallet({ privateKeys: [], chains: [] })).toThrow(/private key/)
    expect(() => wallet({ chainId: 1 })).toThrow(/not among/)
  })

  test(
    'behavior: EIP-6963 announces now and answers every requestProvider until stopped',
    () => {
      const w = wallet()
      const target = new EventTarget()
      const announced: { info: { rdns: string }; provider: unknown }[] = []
      target.addEventListener('eip6963:announceProvider', (event) => {
        announced.push((event as CustomEvent).detail)
      })
      const stop = w.announce(target)
      expect(announced).toHaveLength(1)
      expect(announced[0]?.info).toBe(w.info)
      expect(announced[0]?.provider).toBe(w.provider)
      expect(Object.isFrozen(announced[0])).toBe(true)
      target.dispatchEvent(new CustomEvent('eip6963:requestProvider'))
      expect(announced).toHaveLength(2)
      stop()
      target.dispatchEvent(new CustomEvent('eip6963:requestProvider'))
      expect(announced).toHaveLength(2)
    },
    TIMEOUT,
  )

  test(
    'behavior: eth_requestAccounts authorizes; eth_accounts is empty before and current after',
    async () => {
      const w = wallet()
      const changes = record(w.provider, 'accountsChanged')
      expect(await w.provider.request({ method: 'eth_accounts' })).toEqual([])
      expect(await w.provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS_0])
      expect(await w.provider.request({ method: 'eth_accounts' })).toEqual([ADDRESS_0])
      expect(changes).toEqual([[ADDRESS_0]])
      expect(await w.provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
      expect(await w.provider.request({ method: 'net_version' })).toBe('31337')
      expect(w.requests.map((entry) => entry.method)).toEqual([
        'eth_accounts',
        'eth_requestAccounts',
        'eth_accounts',
        'eth_chainId',
        'net_version',
      ])
    },
    TIMEOUT,
  )

  test(
    'behavior: rejectRequests rejects interactive requests with 4001 and leaves reads alone',
    async () => {
      const w = wallet({ features: { rejectRequests: true } })
      const error = await rejection(w.provider.request({ method: 'eth_requestAccounts' }))
      expect(error).toBeInstanceOf(Error)
      expect(error.code).toBe(4001)
      expect(error.message).toBe('User rejected the request.')
      expect(await w.provider.request({ method: 'eth_accounts' })).toEqual([])
      w.features.rejectRequests = false
      await w.provider.request({ method: 'eth_requestAccounts' })
      w.features.rejectRequests = true
      const sign = await rejection(
        w.provider.request({ method: 'personal_sign', params: ['0x68690a', ADDRESS_0] }),
      )
      expect(sign.code).toBe(4001)
      const send = await rejection(
        w.provider.request({
          method: 'eth_sendTransaction',
          params: [{ from: ADDRESS_0, to: ADDRESS_1, value: '0x1' }],
        }),
      )
      expect(send.code).toBe(4001)
    },
    TIMEOUT,
  )

  test(
    'behavior: personal_sign signs with the authorized account; others get 4100',
    async () => {
      const w = wallet()
      const early = await rejection(
        w.provider.request({ method: 'personal_sign', params: [toHex('hello'), ADDRESS_0] }),
      )
      expect(early.code).toBe(4100)
      await w.provider.request({ method: 'eth_requestAccounts' })
      const signature = await w.provider.request({
        method: 'personal_sign',
        params: [toHex('hello gangway'), ADDRESS_0],
      })
      expect(await verifyMessage({ address: ADDRESS_0, message: 'hello gangway', signature })).toBe(
        true,
      )
      const stranger = await rejection(
        w.provider.request({ method: 'personal_sign', params: [toHex('hi'), ADDRESS_1] }),
      )
      expect(stranger.code).toBe(4100)
    },
    TIMEOUT,
  )

  test(
    'behavior: eth_signTypedData_v4 signs EIP-712 data that verifyTypedData accepts',
    async () => {
      const w = wallet()
      await w.provider.request({ method: 'eth_requestAccounts' })
      const typedData = {
        domain: {
          name: 'Gangway',
          version: '1',
          chainId: 31337,
          verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
        },
        types: {
          Person: [
            { name: 'name', type: 'string' },
            { name: 'wallet', type: 'address' },
          ],
          Mail: [
            { name: 'from', type: 'Person' },
            { name: 'to', type: 'Person' },
            { name: 'contents', type: 'string' },
          ],
        },
        primaryType: 'Mail',
        message: {
          from: { name: 'Alice', wallet: ADDRESS_0 },
          to: { name: 'Bob', wallet: ADDRESS_1 },
          contents: 'Hello, Bob!',
        },
      } as const
      const signature = await w.provider.request({
        method: 'eth_signTypedData_v4',
        params: [ADDRESS_0, JSON.stringify(typedData)],
      })
      expect(await verifyTypedData({ address: ADDRESS_0, signature, ...typedData })).toBe(true)
      const bad = await rejection(
        w.provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS_0, '{not json'] }),
      )
      expect(bad.code).toBe(-32602)
    },
    TIMEOUT,
  )

  test(
    'behavior: eth_sendTransaction fills, signs locally and moves ETH on anvil',
    async () => {
      const w = wallet()
      const client = createPublicClient({ transport: http(mainnet!.url) })
      const recipient = privateKeyToAccount(toHex(0xbeefn, { size: 32 })).address
      const before = await client.getBalance({ address: recipient })
      await w.provider.request({ method: 'eth_requestAccounts' })
      const value = parseEther('1.5')
      const hash = await w.provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: ADDRESS_0, to: recipient, value: toHex(value) }],
      })
      const receipt = await client.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      expect(receipt.from.toLowerCase()).toBe(ADDRESS_0.toLowerCase())
      expect(await client.getBalance({ address: recipient })).toBe(before + value)

      // Two at once still get distinct nonces.
      const hashes = await Promise.all(
        [1n, 2n].map((wei) =>
          w.provider.request({
            method: 'eth_sendTransaction',
            params: [{ from: ADDRESS_0, to: recipient, value: toHex(wei) }],
          }),
        ),
      )
      for (const each of hashes) await client.waitForTransactionReceipt({ hash: each })
      expect(await client.getBalance({ address: recipient })).toBe(before + value + 3n)

      const stranger = await rejection(
        w.provider.request({
          method: 'eth_sendTransaction',
          params: [{ from: ADDRESS_1, to: recipient, value: '0x1' }],
        }),
      )
      expect(stranger.code).toBe(4100)
    },
    TIMEOUT,
  )

  test(
    'behavior: node errors keep their JSON-RPC code (a transfer the account cannot afford)',
    async () => {
      const broke = toHex(0xdeadn, { size: 32 })
      const w = createTestWallet({
        privateKeys: [broke],
        chains: [{ id: 31337, rpcUrl: mainnet!.url }],
      })
      await w.provider.request({ method: 'eth_requestAccounts' })
      const error = await rejection(
        w.provider.request({
          method: 'eth_sendTransaction',
          params: [{ to: ADDRESS_1, value: toHex(parseEther('1')) }],
        }),
      )
      expect(error).toBeInstanceOf(Error)
      expect(typeof error.code).toBe('number')
      expect(error.message).toMatch(/fund/i)
      const missing = await rejection(w.provider.request({ method: 'eth_noSuchMethod' } as never))
      expect(missing.code).toBe(-32601)
    },
    TIMEOUT,
  )

  test(
    'behavior: an unknown chain gives 4902 until wallet_addEthereumChain adds it',
    async () => {
      const w = wallet({
        chains: [
          { id: 31337, rpcUrl: mainnet!.url },
          { id: 1337, rpcUrl: second!.url },
        ],
        features: { unknownChainIds: [1337] },
      })
      const chains = record(w.provider, 'chainChanged')
      const unknown = await rejection(
        w.provider.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: '0x539' }],
        }),
      )
      expect(unknown.code).toBe(4902)
      expect(unknown.message).toMatch(/^Unrecognized chain ID/)
      const unlisted = await rejection(
        w.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
      )
      expect(unlisted.code).toBe(4902)

      expect(
        await w.provider.request({
          method: 'wallet_addEthereumChain',
          params: [
            {
              chainId: '0x539',
              chainName: 'Second anvil',
              rpcUrls: [second!.url],
              nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            },
          ],
        }),
      ).toBeNull()
      expect(w.features.unknownChainIds).toEqual([])
      expect(await w.provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
      expect(chains).toEqual([])

      expect(
        await w.provider.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: '0x539' }],
        }),
      ).toBeNull()
      expect(chains).toEqual(['0x539'])
      expect(await w.provider.request({ method: 'eth_chainId' })).toBe('0x539')
      expect(await w.provider.request({ method: 'net_version' })).toBe('1337')

      // Sends now go to the second node, signed for chain 1337.
      await w.provider.request({ method: 'eth_requestAccounts' })
      const client = createPublicClient({ transport: http(second!.url) })
      const recipient = privateKeyToAccount(toHex(0xcafen, { size: 32 })).address
      const hash = await w.provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: ADDRESS_0, to: recipient, value: '0x2a' }],
      })
      await client.waitForTransactionReceipt({ hash })
      expect(await client.getBalance({ address: recipient })).toBe(42n)
      const transaction = await client.getTransaction({ hash })
      expect(transaction.chainId).toBe(1337)

      w.switchChain(31337)
      expect(chains).toEqual(['0x539', '0x7a69'])
      expect(() => w.switchChain(5)).toThrow(/not known/)
    },
    TIMEOUT,
  )

  test(
    'behavior: wallet_addEthereumChain with the same node URL works too',
    async () => {
      const w = wallet({ features: { unknownChainIds: [] } })
      await w.provider.request({
        method: 'wallet_addEthereumChain',
        params: [{ chainId: '0x2a', chainName: 'Alias', rpcUrls: [mainnet!.url] }],
      })
      const chains = record(w.provider, 'chainChanged')
      await w.provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x2a' }],
      })
      expect(chains).toEqual(['0x2a'])
      w.features.rejectRequests = true
      const refused = await rejection(
        w.provider.request({
          method: 'wallet_addEthereumChain',
          params: [{ chainId: '0x2b', chainName: 'Other', rpcUrls: [mainnet!.url] }],
        }),
      )
      expect(refused.code).toBe(4001)
    },
    TIMEOUT,
  )

  test(
    'behavior: switchAccount emits accountsChanged only while authorized',
    async () => {
      const w = wallet()
      const changes = record(w.provider, 'accountsChanged')
      w.switchAccount(1)
      expect(changes).toEqual([])
      w.switchAccount(0)
      await w.provider.request({ method: 'eth_requestAccounts' })
      w.switchAccount(1)
      expect(changes).toEqual([[ADDRESS_0], [ADDRESS_1]])
      expect(await w.provider.request({ method: 'eth_accounts' })).toEqual([ADDRESS_1])
      expect(() => w.switchAccount(2)).toThrow(RangeError)
    },
    TIMEOUT,
  )

  test(
    'behavior: disconnect emits a 4900 error and eth_accounts becomes empty; reconnecting emits connect',
    async () => {
      const w = wallet()
      const disconnects = record(w.provider, 'disconnect')
      const connects = record(w.provider, 'connect')
      await w.provider.request({ method: 'eth_requestAccounts' })
      w.disconnect()
      expect(disconnects).toHaveLength(1)
      expect(disconnects[0]).toBeInstanceOf(Error)
      expect(disconnects[0]).toMatchObject({ code: 4900 })
      expect(await w.provider.request({ method: 'eth_accounts' })).toEqual([])
      await w.provider.request({ method: 'eth_requestAccounts' })
      expect(connects).toEqual([{ chainId: '0x7a69' }])
    },
    TIMEOUT,
  )

  test(
    'behavior: EIP-2255 permissions follow authorization',
    async () => {
      const w = wallet()
      expect(await w.provider.request({ method: 'wallet_getPermissions' })).toEqual([])
      const granted = await w.provider.request({
        method: 'wallet_requestPermissions',
        params: [{ eth_accounts: {} }],
      })
      expect(granted).toMatchObject([
        {
          parentCapability: 'eth_accounts',
          caveats: [{ type: 'restrictReturnedAccounts', value: [ADDRESS_0] }],
        },
      ])
      const changes = record(w.provider, 'accountsChanged')
      await w.provider.request({
        method: 'wallet_revokePermissions',
        params: [{ eth_accounts: {} }],
      })
      expect(changes).toEqual([[]])
      expect(await w.provider.request({ method: 'eth_accounts' })).toEqual([])
      expect(await w.provider.request({ method: 'wallet_getPermissions' })).toEqual([])
    },
    TIMEOUT,
  )

  test(
    'behavior: reads are forwarded to the current node; refused signing methods get 4200',
    async () => {
      const w = wallet()
      const client = createPublicClient({ transport: http(mainnet!.url) })
      const blockNumber = await w.provider.request({ method: 'eth_blockNumber' })
      expect(blockNumber).toBe(toHex(await client.getBlockNumber()))
      const balance = await w.provider.request({
        method: 'eth_getBalance',
        params: [ADDRESS_1, 'latest'],
      })
      expect(BigInt(balance)).toBe(await client.getBalance({ address: ADDRESS_1 }))
      const ethSign = await rejection(
        w.provider.request({ method: 'eth_sign', params: [ADDRESS_0, '0x00'] }),
      )
      expect(ethSign.code).toBe(4200)
      const invalid = await rejection(w.provider.request('nope' as never))
      expect(invalid.code).toBe(-32600)
    },
    TIMEOUT,
  )

  test(
    'behavior: removeListener stops delivery',
    async () => {
      const w = wallet()
      const seen: Address[][] = []
      const listener = (accounts: Address[]) => seen.push(accounts)
      w.provider.on('accountsChanged', listener)
      w.provider.removeListener('accountsChanged', listener)
      await w.provider.request({ method: 'eth_requestAccounts' })
      expect(seen).toEqual([])
    },
    TIMEOUT,
  )

  test(
    'behavior: viem drives it as an injected wallet (custom transport)',
    async () => {
      const w = wallet()
      const client = createWalletClient({ transport: custom(w.provider) })
      const [address] = await client.requestAddresses()
      expect(address).toBe(ADDRESS_0)
      const hash = await client.sendTransaction({
        account: ADDRESS_0,
        chain: null,
        to: ADDRESS_1,
        value: 7n,
      })
      const publicClient = createPublicClient({ transport: http(mainnet!.url) })
      expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
      w.features.rejectRequests = true
      await expect(client.signMessage({ account: ADDRESS_0, message: 'no' })).rejects.toMatchObject(
        { name: 'UserRejectedRequestError', code: 4001 },
      )
    },
    TIMEOUT,
  )
})
