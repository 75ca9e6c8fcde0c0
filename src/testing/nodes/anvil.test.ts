import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it } from 'vitest'
import { testTokenAbi } from '../eip155/contracts/testToken.js'
import { deployTestToken } from '../eip155/deployTestToken.js'
import { ANVIL_MNEMONIC, type AnvilNode, type StartAnvilParameters, startAnvil } from './anvil.js'

const TIMEOUT = 30_000

/** Every node a test starts; stopped after each test even when an assertion fails. */
const started: AnvilNode[] = []

async function start(parameters?: StartAnvilParameters): Promise<AnvilNode> {
  const node = await startAnvil(parameters)
  started.push(node)
  return node
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((node) => node.stop()))
})

function clientsFor(node: AnvilNode) {
  const chain = defineChain({
    id: node.chainId,
    name: `anvil ${node.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  })
  const transport = http(node.url)
  const account = mnemonicToAccount(ANVIL_MNEMONIC)
  return {
    account,
    publicClient: createPublicClient({ chain, transport, pollingInterval: 50 }),
    walletClient: createWalletClient({ account, chain, transport }),
  }
}

async function answersJsonRpc(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(2_000),
    })
    return response.ok
  } catch {
    return false
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('startAnvil', () => {
  it(
    'serves the requested chain with funded accounts, runs an ERC-20 and stops cleanly',
    async () => {
      const node = await start({ chainId: 4_242, balanceEth: 1_234, accounts: 3 })
      expect(node.url).toBe(`http://127.0.0.1:${node.port}`)
      expect(node.chainId).toBe(4_242)
      expect(isAlive(node.pid)).toBe(true)

      const { account, publicClient, walletClient } = clientsFor(node)
      expect(await publicClient.request({ method: 'eth_chainId' })).toBe('0x1092')
      expect(await publicClient.getChainId()).toBe(4_242)
      expect(account.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
      expect(await publicClient.getBalance({ address: account.address })).toBe(parseEther('1234'))

      const supply = parseUnits('1000000', 6)
      const { address } = await deployTestToken({
        walletClient,
        publicClient,
        name: 'Test USD',
        symbol: 'TUSD',
        decimals: 6,
        supply,
      })
      const read = <const F extends 'name' | 'symbol' | 'decimals' | 'totalSupply'>(
        functionName: F,
      ) => publicClient.readContract({ address, abi: testTokenAbi, functionName })
      const balanceOf = (owner: Address) =>
        publicClient.readContract({
          address,
          abi: testTokenAbi,
          functionName: 'balanceOf',
          args: [owner],
        })
      expect(await read('name')).toBe('Test USD')
      expect(await read('symbol')).toBe('TUSD')
      expect(await read('decimals')).toBe(6)
      expect(await read('totalSupply')).toBe(supply)
      expect(await balanceOf(account.address)).toBe(supply)

      const recipient = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 1 }).address
      const amount = parseUnits('12.5', 6)
      const hash = await walletClient.writeContract({
        address,
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [recipient, amount],
      })
      const receipt = await publicClient.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      expect(await balanceOf(account.address)).toBe(supply - amount)
      expect(await balanceOf(recipient)).toBe(amount)

      await node.stop()
      expect(await answersJsonRpc(node.url)).toBe(false)
      expect(() => process.kill(node.pid, 0)).toThrow()
      await expect(node.stop()).resolves.toBeUndefined()
    },
    TIMEOUT,
  )

  it(
    'runs two nodes at once with different chain ids',
    async () => {
      const [first, second] = await Promise.all([
        start({ chainId: 31_337 }),
        start({ chainId: 1_337 }),
      ])
      expect(first.port).not.toBe(second.port)
      expect(first.pid).not.toBe(second.pid)
      expect(await clientsFor(first).publicClient.getChainId()).toBe(31_337)
      expect(await clientsFor(second).publicClient.getChainId()).toBe(1_337)

      await first.stop()
      expect(isAlive(first.pid)).toBe(false)
      expect(await answersJsonRpc(first.url)).toBe(false)
      expect(await clientsFor(second).publicClient.getChainId()).toBe(1_337)
    },
    TIMEOUT,
  )

  it(
    'uses the defaults: chain 31337, 10 accounts with 10000 ETH each',
    async () => {
      const node = await start()
      const { publicClient, walletClient } = clientsFor(node)
      expect(node.chainId).toBe(31_337)
      const accounts = await walletClient.request({ method: 'eth_accounts' })
      expect(accounts).toHaveLength(10)
      const last = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 9 }).address
      expect(await publicClient.getBalance({ address: last })).toBe(parseEther('10000'))
    },
    TIMEOUT,
  )

  it(
    'mines on an interval when blockTimeSeconds is given',
    async () => {
      const node = await start({ blockTimeSeconds: 0.2 })
      const { publicClient } = clientsFor(node)
      const before = await publicClient.getBlockNumber({ cacheTime: 0 })
      await new Promise((resolve) => setTimeout(resolve, 700))
      expect(await publicClient.getBlockNumber({ cacheTime: 0 })).toBeGreaterThan(before)
    },
    TIMEOUT,
  )

  it(
    'refuses a port that is already taken',
    async () => {
      const node = await start()
      await expect(startAnvil({ port: node.port })).rejects.toThrow(/already in use/)
    },
    TIMEOUT,
  )

  it(
    'rejects with the process output when anvil exits during startup',
    async () => {
      const error = await startAnvil({ mnemonic: 'not a valid mnemonic' }).then(
        () => undefined,
        (reason: unknown) => reason,
      )
      expect(error).toBeInstanceOf(Error)
      expect((error as Error).message).toMatch(/failed to start/)
      expect((error as Error).message).toMatch(/invalid/)
    },
    TIMEOUT,
  )
})
