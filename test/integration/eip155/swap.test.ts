/**
 * The §4 swap flow on a kit with the real eip155 plugin and test wallet, against a real Uniswap V2
 * on anvil and the Gangway server's convert API: approvals, swaps that pay exactly the quote, a
 * revert past the slippage, a rejection in the wallet, the server down, a network off the list,
 * and the latest input winning.
 */
import { createServer } from 'node:net'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  parseUnits,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { RunningServer } from '../../../server/startServer.js'
import {
  selectIsSwapOffered,
  selectSwap,
  selectSwapAction,
  swap,
} from '../../../src/features/swap/index.js'
import { createKit, type Kit, type TokenInfo } from '../../../src/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import { CONVERT_NATIVE_ADDRESS } from '../../../src/services/gangway/convertSchemas.js'
import { createConvertClient } from '../../../src/services/gangway/createConvertClient.js'
import { createTestWallet, type TestWallet } from '../../../src/testing/index.js'
import type { RunningTestAmm } from '../../../src/testing/node.js'
import {
  createTestStorage,
  startTestServer,
  type TestStorage,
} from '../../server/support/harness.js'
import {
  AMM_DEPLOYER_KEY,
  ammKitSwapOption,
  ammServerConfig,
  startLocalAmm,
} from '../../support/amm.js'
import { localChain } from '../../support/eip155.js'

const globals = globalThis as { window?: unknown }
const originalWindow = globals.window
let amm: RunningTestAmm
let storage: TestStorage
let server: RunningServer
const kits: Kit[] = []
const features = [swap()] as const
type SwapKit = Kit<typeof features>

beforeAll(async () => {
  amm = await startLocalAmm()
  storage = await createTestStorage('pglite')
  server = await startTestServer(storage, {
    ...ammServerConfig(amm.amm, 31337, amm.node.url),
    indexer: { enabled: false },
  })
})
beforeEach(() => {
  globals.window = new EventTarget()
})
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})
afterAll(async () => {
  globals.window = originalWindow
  await server?.close()
  storage?.remove()
  await amm?.node.stop()
})

const chain = () => localChain(31337, amm.node.url)
const reader = () =>
  createPublicClient({ chain: chain(), transport: http(amm.node.url), cacheTime: 0 })
const tokenAddress = (symbol: string) => amm.amm.tokens[symbol]!.address

/** A fresh account with 10 ETH (or `ether`), and the given whole tokens from the AMM's deployer. */
async function fundedAccount(tokens: Record<string, string> = {}, ether = '10') {
  const key = generatePrivateKey()
  const { address } = privateKeyToAccount(key)
  await reader().request({
    method: 'anvil_setBalance' as never,
    params: [address, toHex(parseEther(ether))] as never,
  })
  const deployer = createWalletClient({
    account: privateKeyToAccount(AMM_DEPLOYER_KEY),
    chain: chain(),
    transport: http(amm.node.url),
  })
  for (const [symbol, amount] of Object.entries(tokens)) {
    const hash = await deployer.writeContract({
      address: tokenAddress(symbol),
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, parseUnits(amount, amm.amm.tokens[symbol]!.decimals)],
    })
    await reader().waitForTransactionReceipt({ hash, pollingInterval: 20 })
  }
  return { key, address }
}

async function connectedKit(
  key: Hex,
  options: { serviceUrl?: string; networks?: readonly `eip155:${number}`[] } = {},
): Promise<{ kit: SwapKit; wallet: TestWallet }> {
  const wallet = createTestWallet({
    privateKeys: [key],
    chains: [{ id: 31337, rpcUrl: amm.node.url }],
  })
  wallet.announce(globals.window as EventTarget)
  const kit = createKit({
    plugins: [eip155({ chains: [chain()], rpcUrls: { 31337: [amm.node.url] } })],
    features: [
      swap({
        ...ammKitSwapOption(amm.amm, 31337),
        ...(options.networks ? { networks: [...options.networks] } : {}),
      }),
    ] as unknown as typeof features,
    serviceUrl: options.serviceUrl ?? server.url,
  })
  kits.push(kit)
  await kit.connect({ namespace: 'eip155', connectorId: 'dev.gangway.testwallet' })
  return { kit, wallet }
}

const swapState = (kit: Kit) => selectSwap(kit.getState())!
const tokenOf = (kit: Kit, symbol: string): TokenInfo =>
  swapState(kit).tokens.find((token) => token.symbol === symbol)!
const balanceOf = (symbol: string, owner: Address) =>
  reader().readContract({
    address: tokenAddress(symbol),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
const snacks = (kit: Kit) =>
  kit.log
    .replay()
    .filter((event) => event.type === 'snack/requested')
    .map((event) => (event.payload as { code?: string }).code)

/** Picks the tokens and the amount, and waits until what the form needs next is prepared. */
async function fill(kit: SwapKit, from: string, to: string, amount: string) {
  await kit.features.swap.initialize()
  await kit.features.swap.selectToken('source', tokenOf(kit, from))
  await kit.features.swap.selectToken('to', tokenOf(kit, to))
  await kit.features.swap.setAmount(amount)
  await expect
    .poll(() => swapState(kit).approvalTransaction ?? swapState(kit).swapTransaction, {
      timeout: 10_000,
    })
    .not.toBeNull()
}

describe('swap against Uniswap V2 on anvil', () => {
  test.each([
    ['no ETH at all', '0'],
    ['less ETH than the approval’s gas', '0.00000001'],
  ])(
    'behavior: an account with USDC and %s is refused before the wallet: §5’s gas rule, ‘Insufficient balance’ (issue 22 item 20)',
    async (_, ether) => {
      const { key, address } = await fundedAccount({ USDC: '500' }, ether)
      const { kit } = await connectedKit(key)
      await expect
        .poll(() => kit.getState().namespaces.entities.eip155!.accountState.balance)
        .not.toBeNull()
      await fill(kit, 'USDC', 'DAI', '100')
      expect(swapState(kit).approvalTransaction).not.toBeNull()
      // The form says so before any click, in the spec's words.
      expect(swapState(kit).inputError).toBe('INSUFFICIENT_GAS')
      expect(selectSwapAction(kit.getState())).toBe('inputError')
      // And the send itself refuses: the wallet is never asked to sign what it could not pay for.
      await expect(kit.features.swap.send()).rejects.toMatchObject({
        code: 'INSUFFICIENT_GAS',
        userMessage: 'Insufficient balance',
      })
      expect(snacks(kit)).not.toContain('APPROVE_LIMIT_INCREASE')
      expect(await reader().getTransactionCount({ address })).toBe(0)
    },
  )

  test('behavior: token → token needs an approval, then the swap; balances move by the quoted amounts', async () => {
    const { key, address } = await fundedAccount({ USDC: '500' })
    const { kit } = await connectedKit(key)
    expect(selectIsSwapOffered(kit.getState())).toBe(true)
    await fill(kit, 'USDC', 'DAI', '125.5')
    expect(swapState(kit).approvalTransaction?.to).toBe(tokenAddress('USDC'))
    expect(await kit.features.swap.send()).toMatchObject({ kind: 'approval' })
    expect(snacks(kit)).toContain('APPROVE_LIMIT_INCREASE')
    // After the approval the swap itself is prepared from the same quote.
    await expect.poll(() => swapState(kit).swapTransaction, { timeout: 10_000 }).not.toBeNull()
    const quoted = parseUnits(swapState(kit).toTokenAmount, 18)
    const minimum = parseUnits(swapState(kit).minimumReceived!, 18)
    expect(minimum).toBe((quoted * 9_900n) / 10_000n)
    const [usdcBefore, daiBefore] = await Promise.all([
      balanceOf('USDC', address),
      balanceOf('DAI', address),
    ])
    expect(await kit.features.swap.send()).toMatchObject({ kind: 'swap' })
    expect(snacks(kit)).toContain('CONFIRM_TRANSACTION')
    expect(usdcBefore - (await balanceOf('USDC', address))).toBe(parseUnits('125.5', 6))
    expect((await balanceOf('DAI', address)) - daiBefore).toBe(quoted)
    // §4: the flow resets once the swap went through.
    expect(swapState(kit).initialized).toBe(false)
  })

  test('behavior: native → token swaps without approval and pays exactly the quote', async () => {
    const { key, address } = await fundedAccount()
    const { kit } = await connectedKit(key)
    await kit.features.swap.initialize()
    // §4: the default source is the native token with amount 1.
    expect(swapState(kit)).toMatchObject({ sourceTokenAmount: '1' })
    expect(swapState(kit).sourceToken?.symbol).toBe('ETH')
    await fill(kit, 'ETH', 'UNI', '0.4')
    expect(swapState(kit).approvalTransaction).toBeNull()
    expect(swapState(kit)).toMatchObject({ providerFee: '0.85', providerFeeAmount: '0.0034' })
    const quoted = parseUnits(swapState(kit).toTokenAmount, 18)
    const before = await balanceOf('UNI', address)
    const { hash } = await kit.features.swap.send()
    expect((await balanceOf('UNI', address)) - before).toBe(quoted)
    const receipt = await reader().getTransactionReceipt({ hash: hash as Hex })
    expect(receipt.status).toBe('success')
  })

  test('behavior: Max on the native currency keeps back the swap’s gas and a quarter more (Send’s rule): the swap prepares without the gas error, is mined, and leaves ETH', async () => {
    const { key, address } = await fundedAccount({}, '1')
    const { kit } = await connectedKit(key)
    await kit.features.swap.initialize()
    await kit.features.swap.selectToken('to', tokenOf(kit, 'UNI'))
    await kit.features.swap.setMax()
    await expect.poll(() => swapState(kit).sourceTokenAmount, { timeout: 10_000 }).not.toBe('1')
    const max = parseEther(swapState(kit).sourceTokenAmount)
    // The gas the swap costs is kept back, and not more than a little.
    expect(max < parseEther('1')).toBe(true)
    expect(max > parseEther('0.99')).toBe(true)
    await expect.poll(() => swapState(kit).swapTransaction, { timeout: 10_000 }).not.toBeNull()
    const prepared = swapState(kit).swapTransaction!
    expect(swapState(kit).inputError).toBeNull()
    // The wallet is asked for exactly Max, and the rest pays the prepared gas.
    expect(BigInt(prepared.value)).toBe(max)
    expect(parseEther('1') - max >= BigInt(prepared.gas) * BigInt(prepared.gasPrice)).toBe(true)
    const { hash } = await kit.features.swap.send()
    expect((await reader().getTransactionReceipt({ hash: hash as Hex })).status).toBe('success')
    expect((await reader().getBalance({ address })) > 0n).toBe(true)
  })

  test('behavior: Max on a token fills its whole balance', async () => {
    const { key } = await fundedAccount({ USDC: '512.25' })
    const { kit } = await connectedKit(key)
    await kit.features.swap.initialize()
    await kit.features.swap.selectToken('source', tokenOf(kit, 'USDC'))
    await kit.features.swap.setMax()
    await expect.poll(() => swapState(kit).sourceTokenAmount).toBe('512.25')
  })

  test('behavior: a swap whose price moved beyond the slippage reverts, reads Transaction error, and costs only gas', async () => {
    const { key, address } = await fundedAccount()
    const { kit } = await connectedKit(key)
    await fill(kit, 'ETH', 'WBTC', '1')
    // Another trader moves the price far beyond 1 % before the visitor confirms.
    const other = await fundedAccount({}, '100')
    const built = await createConvertClient({ baseUrl: server.url }).buildTransaction(
      {
        userAddress: `eip155:31337:${other.address}`,
        from: `eip155:31337:${CONVERT_NATIVE_ADDRESS}`,
        to: `eip155:31337:${tokenAddress('WBTC')}`,
        amount: String(parseEther('60')),
        slippagePercent: '1',
      },
      AbortSignal.timeout(10_000),
    )
    const trader = createWalletClient({
      account: privateKeyToAccount(other.key),
      chain: chain(),
      transport: http(amm.node.url),
    })
    const moved = await trader.sendTransaction({
      to: built.tx.to.split(':')[2] as Address,
      data: built.tx.data as Hex,
      value: BigInt(built.tx.value),
      gas: BigInt(built.tx.eip155.gas),
    })
    expect((await reader().waitForTransactionReceipt({ hash: moved })).status).toBe('success')
    const [ethBefore, wbtcBefore] = await Promise.all([
      reader().getBalance({ address }),
      balanceOf('WBTC', address),
    ])
    await expect(kit.features.swap.send()).rejects.toMatchObject({
      code: 'TRANSACTION_ERROR',
      userMessage: 'Transaction error',
    })
    expect(swapState(kit).transactionError).toBe('TRANSACTION_ERROR')
    expect(snacks(kit)).toContain('TRANSACTION_ERROR')
    expect(await balanceOf('WBTC', address)).toBe(wbtcBefore)
    const block = await reader().getBlock({ includeTransactions: true })
    const [reverted] = block.transactions
    const receipt = await reader().getTransactionReceipt({ hash: reverted!.hash })
    expect(receipt.status).toBe('reverted')
    expect(ethBefore - (await reader().getBalance({ address }))).toBe(
      receipt.gasUsed * receipt.effectiveGasPrice,
    )
    // The form is quoted again at the price now.
    await expect
      .poll(() => swapState(kit).swapTransaction?.data, { timeout: 10_000 })
      .not.toBe(block.transactions[0]!.input)
  })

  test('behavior: the visitor rejects in the wallet: nothing changes, and the swap can still be sent', async () => {
    const { key, address } = await fundedAccount({ USDC: '50' })
    const { kit, wallet } = await connectedKit(key)
    await fill(kit, 'USDC', 'DAI', '10')
    const prepared = swapState(kit).approvalTransaction
    wallet.features.rejectRequests = true
    await expect(kit.features.swap.send()).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect(swapState(kit).approvalTransaction).toEqual(prepared)
    expect(
      await reader().readContract({
        address: tokenAddress('USDC'),
        abi: erc20Abi,
        functionName: 'allowance',
        args: [address, amm.amm.feeRouter],
      }),
    ).toBe(0n)
    expect(await balanceOf('USDC', address)).toBe(parseUnits('50', 6))
    wallet.features.rejectRequests = false
    await expect(kit.features.swap.send()).resolves.toMatchObject({ kind: 'approval' })
  })

  test('behavior: the latest input wins: older quotes are given up, one terminal event each', async () => {
    const { key } = await fundedAccount()
    const { kit } = await connectedKit(key)
    await kit.features.swap.initialize()
    await kit.features.swap.selectToken('to', tokenOf(kit, 'DAI'))
    for (const amount of ['0.1', '0.12', '0.123', '0.1234'])
      await kit.features.swap.setAmount(amount)
    await expect.poll(() => swapState(kit).toTokenAmount, { timeout: 10_000 }).not.toBe('')
    const of = (type: string) => kit.log.replay().filter((event) => event.type === type)
    // Every request ends once; all but the last were given up as the visitor typed on.
    await expect
      .poll(() => of('swap/quote/succeeded').length + of('swap/quote/failed').length)
      .toBe(of('swap/quote/requested').length)
    expect(of('swap/quote/requested').length).toBeGreaterThanOrEqual(4)
    expect(
      of('swap/quote/succeeded').map((event) => (event.payload as { amount: string }).amount),
    ).toEqual(['0.1234'])
    expect(
      of('swap/quote/failed').every(
        (event) => (event.payload as { error: { code: string } }).error.code === 'CANCELLED',
      ),
    ).toBe(true)
  })
})

describe('swap failures', () => {
  test('behavior: the server down: Failed to initialize swap, and the modal goes back', async () => {
    const port = await closedPort()
    const { key } = await fundedAccount()
    const { kit } = await connectedKit(key, { serviceUrl: `http://127.0.0.1:${port}` })
    await expect(kit.features.swap.initialize()).rejects.toMatchObject({
      code: 'SWAP_INIT_FAILED',
      userMessage: 'Failed to initialize swap',
    })
    kit.open()
    kit.navigate('Swap')
    await expect.poll(() => kit.getState().router.view).toBe('Account')
    expect(snacks(kit).filter((code) => code === 'SWAP_INIT_FAILED').length).toBeGreaterThanOrEqual(
      2,
    )
  })

  test('behavior: a network outside the swap list: Network not supported for Swaps, and no Swap on Account', async () => {
    const { key } = await fundedAccount()
    // Without the site naming it, the local chain is not one of §9's swap networks.
    const { kit } = await connectedKit(key, { networks: [] })
    expect(selectIsSwapOffered(kit.getState())).toBe(false)
    await expect(kit.features.swap.initialize()).rejects.toMatchObject({
      code: 'SWAP_NETWORK_UNSUPPORTED',
      userMessage: 'Network not supported for Swaps',
    })
  })
})

/** A loopback port nothing listens on: the server "down". */
async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}
