/**
 * Issue 19 item 1: the swap service is not trusted. A proxy in front of the real Gangway server
 * rewrites its build-approve and build-transaction answers the way a compromised service (or
 * anyone between the kit and the service URL) would; the kit, with the real eip155 plugin and test
 * wallet on a real Uniswap V2 on anvil, refuses every one with SWAP_TRANSACTION_MISMATCH before
 * the wallet is asked anything, and no balance or allowance moves. Honest answers through the
 * same proxy still swap, and the preview shows what the call data says, not what the service
 * claims.
 */
import { createServer, type Server } from 'node:http'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  parseAbi,
  parseEther,
  parseUnits,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { RunningServer } from '../../../server/startServer.js'
import {
  type SwapParameters,
  selectIsSwapOffered,
  selectSwap,
  selectSwapPreview,
  swap,
} from '../../../src/features/swap/index.js'
import { createKit, type Kit, type KitEvent, type TokenInfo } from '../../../src/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
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

const routerAbi = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
])

/** A service answer as the proxy sees it. */
interface BuiltAnswer {
  tx: {
    from: string
    to: string
    data: Hex
    value: string
    eip155: { gas: string; gasPrice: string }
  }
  toAmount?: string
  minimumToAmount?: string
}
type Rewrite = (answer: BuiltAnswer) => BuiltAnswer

/** The real server behind a proxy that can rewrite what the build paths answer. */
interface RewritingProxy {
  readonly url: string
  rewrite: Rewrite | undefined
  /** How many answers were rewritten, and every path asked. */
  tampered: number
  readonly paths: string[]
  close(): Promise<void>
}

async function startRewritingProxy(upstream: string): Promise<RewritingProxy> {
  const state = { rewrite: undefined as Rewrite | undefined, tampered: 0, paths: [] as string[] }
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const target = new URL(request.url ?? '/', upstream)
    state.paths.push(target.pathname)
    const answer = await fetch(target, {
      method: request.method ?? 'GET',
      headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    })
    let text = await answer.text()
    const rewrite = state.rewrite
    if (
      rewrite &&
      answer.ok &&
      /^\/v1\/convert\/build-(approve|transaction)$/.test(target.pathname)
    ) {
      text = JSON.stringify(rewrite(JSON.parse(text) as BuiltAnswer))
      state.tampered += 1
    }
    response.writeHead(answer.status, { 'content-type': 'application/json' })
    response.end(text)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}

const globals = globalThis as { window?: unknown }
const originalWindow = globals.window
let amm: RunningTestAmm
let storage: TestStorage
let server: RunningServer
let proxy: RewritingProxy
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
  proxy = await startRewritingProxy(server.url)
})
beforeEach(() => {
  globals.window = new EventTarget()
  proxy.rewrite = undefined
  proxy.tampered = 0
  proxy.paths.length = 0
})
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})
afterAll(async () => {
  globals.window = originalWindow
  await proxy?.close()
  await server?.close()
  storage?.remove()
  await amm?.node.stop()
})

const chain = () => localChain(31337, amm.node.url)
const reader = () =>
  createPublicClient({ chain: chain(), transport: http(amm.node.url), cacheTime: 0 })
const tokenAddress = (symbol: string) => amm.amm.tokens[symbol]!.address
const caip = (address: string) => `eip155:31337:${address}`
/** Whoever controls the service: a fresh address that holds nothing. */
const attacker = privateKeyToAccount(generatePrivateKey()).address

/** A fresh account with 10 ETH, the given whole tokens, and optionally an allowance already given to the fee router. */
async function fundedAccount(tokens: Record<string, string> = {}, approved?: string) {
  const key = generatePrivateKey()
  const { address } = privateKeyToAccount(key)
  await reader().request({
    method: 'anvil_setBalance' as never,
    params: [address, toHex(parseEther('10'))] as never,
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
  if (approved) {
    const owner = createWalletClient({
      account: privateKeyToAccount(key),
      chain: chain(),
      transport: http(amm.node.url),
    })
    const hash = await owner.writeContract({
      address: tokenAddress(approved),
      abi: erc20Abi,
      functionName: 'approve',
      args: [amm.amm.feeRouter, maxUint256],
    })
    await reader().waitForTransactionReceipt({ hash, pollingInterval: 20 })
  }
  return { key, address }
}

async function connectedKit(
  key: Hex,
  swapOption: SwapParameters = ammKitSwapOption(amm.amm, 31337),
): Promise<{ kit: SwapKit; wallet: TestWallet }> {
  const wallet = createTestWallet({
    privateKeys: [key],
    chains: [{ id: 31337, rpcUrl: amm.node.url }],
  })
  wallet.announce(globals.window as EventTarget)
  const kit = createKit({
    plugins: [eip155({ chains: [chain()], rpcUrls: { 31337: [amm.node.url] } })],
    features: [swap(swapOption)] as unknown as typeof features,
    serviceUrl: proxy.url,
  })
  kits.push(kit)
  await kit.connect({ namespace: 'eip155', connectorId: 'dev.gangway.testwallet' })
  return { kit, wallet }
}

const swapState = (kit: Kit) => selectSwap(kit.getState())!
const tokenOf = (kit: Kit, symbol: string): TokenInfo =>
  swapState(kit).tokens.find((token) => token.symbol === symbol)!
const ofType = (kit: Kit, type: string) =>
  kit.log.replay().filter((event: KitEvent) => event.type === type)
/** What the visitor's wallet was asked to sign or send. */
const walletPrompts = (wallet: TestWallet) =>
  wallet.requests
    .map((request) => request.method)
    .filter((method) => /^eth_(send|sign)|^personal_sign/.test(method))

/**
 * Fills the form and waits for its preparation to end: the terminal event of the last preparation
 * that was not given up.
 */
async function prepare(kit: SwapKit, from: string, to: string, amount: string) {
  await kit.features.swap.initialize()
  kit.features.swap.selectToken('source', tokenOf(kit, from))
  kit.features.swap.selectToken('to', tokenOf(kit, to))
  kit.features.swap.setAmount(amount)
  const settled = () =>
    kit.log
      .replay()
      .filter(
        (event) =>
          (event.type === 'swap/preparation/succeeded' ||
            event.type === 'swap/preparation/failed') &&
          !(
            event.type === 'swap/preparation/failed' &&
            (event.payload as { error: { code: string } }).error.code === 'CANCELLED'
          ),
      )
  await expect.poll(() => settled().length, { timeout: 10_000 }).toBeGreaterThan(0)
  // The form as typed: its quote is the one in state.
  await expect.poll(() => swapState(kit).toTokenAmount, { timeout: 10_000 }).not.toBe('')
  await expect
    .poll(
      () =>
        swapState(kit).transactionError ??
        swapState(kit).swapTransaction ??
        swapState(kit).approvalTransaction,
      {
        timeout: 10_000,
      },
    )
    .not.toBeNull()
  return settled().at(-1)!
}

/** Every balance the visitor or the attacker could lose or gain, and the visitor's allowances. */
async function holdings(visitor: Address) {
  const balance = (symbol: string, owner: Address) =>
    reader().readContract({
      address: tokenAddress(symbol),
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    })
  const allowance = (spender: Address) =>
    reader().readContract({
      address: tokenAddress('USDC'),
      abi: erc20Abi,
      functionName: 'allowance',
      args: [visitor, spender],
    })
  const [eth, usdc, dai, attackerEth, attackerUsdc, attackerDai, toAttacker, toFeeRouter] =
    await Promise.all([
      reader().getBalance({ address: visitor }),
      balance('USDC', visitor),
      balance('DAI', visitor),
      reader().getBalance({ address: attacker }),
      balance('USDC', attacker),
      balance('DAI', attacker),
      allowance(attacker),
      allowance(amm.amm.feeRouter),
    ])
  return { eth, usdc, dai, attackerEth, attackerUsdc, attackerDai, toAttacker, toFeeRouter }
}

const decodeSwap = (data: Hex) => decodeFunctionData({ abi: routerAbi, data })
const withData = (answer: BuiltAnswer, data: Hex): BuiltAnswer => ({
  ...answer,
  tx: { ...answer.tx, data },
})
/** The honest swap's arguments, changed. */
function reencode(answer: BuiltAnswer, change: (args: readonly unknown[]) => readonly unknown[]) {
  const call = decodeSwap(answer.tx.data)
  return withData(
    answer,
    encodeFunctionData({
      abi: routerAbi,
      functionName: call.functionName,
      args: change(call.args ?? []),
    } as Parameters<typeof encodeFunctionData<typeof routerAbi>>[0]),
  )
}

interface Attack {
  readonly name: string
  readonly from: string
  readonly to: string
  readonly amount: string
  /** Tokens the visitor holds, and the one already approved to the fee router (so the swap is built). */
  readonly holds?: Record<string, string>
  readonly approved?: string
  readonly rewrite: Rewrite
}

const ATTACKS: readonly Attack[] = [
  {
    name: 'ETH sent to the attacker instead of the router',
    from: 'ETH',
    to: 'USDC',
    amount: '0.5',
    rewrite: (answer) => ({ ...answer, tx: { ...answer.tx, to: caip(attacker), data: '0x' } }),
  },
  {
    name: "the visitor's tokens swapped with a minimum output of 0 and the attacker as recipient, the modal's minimum unchanged",
    from: 'USDC',
    to: 'DAI',
    amount: '150',
    holds: { USDC: '500' },
    approved: 'USDC',
    rewrite: (answer) =>
      reencode(answer, ([amountIn, , path, , deadline]) => [
        amountIn,
        0n,
        path,
        attacker,
        deadline,
      ]),
  },
  {
    name: 'an unlimited approval for the attacker as spender',
    from: 'USDC',
    to: 'DAI',
    amount: '150',
    holds: { USDC: '500' },
    rewrite: (answer) =>
      withData(
        answer,
        encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [attacker, maxUint256],
        }),
      ),
  },
  {
    name: 'an unlimited approval for the site’s own router',
    from: 'USDC',
    to: 'DAI',
    amount: '150',
    holds: { USDC: '500' },
    rewrite: (answer) =>
      withData(
        answer,
        encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [amm.amm.feeRouter, maxUint256],
        }),
      ),
  },
  {
    name: 'ten times the value the visitor typed',
    from: 'ETH',
    to: 'USDC',
    amount: '0.5',
    rewrite: (answer) => ({
      ...answer,
      tx: { ...answer.tx, value: String(BigInt(answer.tx.value) * 10n) },
    }),
  },
  {
    name: 'another function of the router (the fee-on-transfer variant)',
    from: 'ETH',
    to: 'USDC',
    amount: '0.5',
    rewrite: (answer) => {
      const { args } = decodeSwap(answer.tx.data)
      return withData(
        answer,
        encodeFunctionData({
          abi: routerAbi,
          functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
          args: args as [bigint, Address[], Address, bigint],
        }),
      )
    },
  },
  {
    name: 'a deadline ten years away',
    from: 'ETH',
    to: 'USDC',
    amount: '0.5',
    rewrite: (answer) =>
      reencode(answer, ([minimum, path, to]) => [
        minimum,
        path,
        to,
        BigInt(Math.floor(Date.now() / 1_000) + 10 * 365 * 86_400),
      ]),
  },
  {
    name: 'the Uniswap router itself, which the site does not name, skipping the fee router',
    from: 'ETH',
    to: 'USDC',
    amount: '0.5',
    rewrite: (answer) => ({ ...answer, tx: { ...answer.tx, to: caip(amm.amm.router) } }),
  },
]

describe('a hostile swap service (issue 19)', () => {
  test.each(ATTACKS)(
    'behavior: refused before the wallet: $name',
    async ({ from, to, amount, holds, approved, rewrite }) => {
      const { key, address } = await fundedAccount(holds, approved)
      const { kit, wallet } = await connectedKit(key)
      proxy.rewrite = rewrite
      const before = await holdings(address)
      const prompted = walletPrompts(wallet).length

      const outcome = await prepare(kit, from, to, amount)

      expect(proxy.tampered).toBeGreaterThan(0)
      expect(outcome.type).toBe('swap/preparation/failed')
      expect((outcome.payload as { error: unknown }).error).toMatchObject({
        code: 'SWAP_TRANSACTION_MISMATCH',
        userMessage: 'The swap transaction did not match your request',
      })
      expect(swapState(kit)).toMatchObject({
        transactionError: 'SWAP_TRANSACTION_MISMATCH',
        approvalTransaction: null,
        swapTransaction: null,
      })
      const snacks = ofType(kit, 'snack/requested').map(
        (event) => (event.payload as { code?: string }).code,
      )
      expect(snacks).toContain('SWAP_TRANSACTION_MISMATCH')
      // Sending now has nothing to send: the wallet is never asked.
      await expect(kit.features.swap.send()).rejects.toMatchObject({
        code: 'TRANSACTION_BUILD_FAILED',
      })
      expect(walletPrompts(wallet).slice(prompted)).toEqual([])
      expect(ofType(kit, 'swap/transaction/requested')).toEqual([])
      expect(await holdings(address)).toEqual(before)
    },
  )

  test('behavior: honest answers through the same proxy still swap, and the preview shows the call data’s minimum, recipient and router rather than the service’s claims', async () => {
    const { key, address } = await fundedAccount()
    const { kit, wallet } = await connectedKit(key)
    // The service claims a minimum twice the real one: only the call data counts.
    proxy.rewrite = (answer) => ({
      ...answer,
      ...(answer.minimumToAmount
        ? { minimumToAmount: String(BigInt(answer.minimumToAmount) * 2n) }
        : {}),
    })
    const outcome = await prepare(kit, 'ETH', 'USDC', '0.5')
    expect(outcome.type).toBe('swap/preparation/succeeded')
    const prepared = swapState(kit).swapTransaction!
    const [minimum, , recipient] = decodeSwap(prepared.data as Hex).args as unknown as readonly [
      bigint,
      readonly Address[],
      Address,
    ]
    expect(parseUnits(swapState(kit).minimumReceived!, 6)).toBe(minimum)
    expect(recipient).toBe(address)
    expect(selectSwapPreview(kit.getState())).toMatchObject({
      fromAmount: '0.5',
      recipient: address,
      router: amm.amm.feeRouter,
    })
    const before = await holdings(address)
    const quoted = parseUnits(swapState(kit).toTokenAmount, 6)
    expect(await kit.features.swap.send()).toMatchObject({ kind: 'swap' })
    expect(walletPrompts(wallet)).toContain('eth_sendTransaction')
    expect((await holdings(address)).usdc - before.usdc).toBe(quoted)
  })

  test('behavior: with no router named for the network, Swap is not offered and nothing is built', async () => {
    const { key } = await fundedAccount()
    const { kit } = await connectedKit(key, { networks: ['eip155:31337'] })
    expect(selectIsSwapOffered(kit.getState())).toBe(false)
    const refusal = kit.features.swap.initialize()
    await expect(refusal).rejects.toMatchObject({
      code: 'SWAP_NETWORK_UNSUPPORTED',
      userMessage: 'Network not supported for Swaps',
    })
    await expect(refusal).rejects.toSatisfy((error: { details?: string }) =>
      (error.details ?? '').includes('swap.routers'),
    )
    expect(proxy.paths.filter((path) => path.startsWith('/v1/convert/build'))).toEqual([])
  })

  test('behavior: a router that is not the address the server builds for refuses the honest service too', async () => {
    const { key, address } = await fundedAccount()
    const elsewhere = privateKeyToAccount(generatePrivateKey()).address
    const { kit, wallet } = await connectedKit(key, {
      networks: ['eip155:31337'],
      routers: { 'eip155:31337': { router: elsewhere, wrappedNative: amm.amm.weth } },
    })
    const before = await holdings(address)
    const outcome = await prepare(kit, 'ETH', 'USDC', '0.5')
    expect((outcome.payload as { error?: { code: string } }).error?.code).toBe(
      'SWAP_TRANSACTION_MISMATCH',
    )
    expect(walletPrompts(wallet)).toEqual([])
    expect(await holdings(address)).toEqual(before)
  })

  test('behavior: a malformed router address in the swap option is refused when the kit is created', () => {
    let refusal: unknown
    try {
      createKit({
        plugins: [eip155({ chains: [chain()] })],
        features: [
          swap({
            networks: ['eip155:31337'],
            routers: { 'eip155:31337': { router: '0x1234', wrappedNative: amm.amm.weth } },
          }),
        ],
      }).destroy()
    } catch (error) {
      refusal = error
    }
    expect(refusal).toMatchObject({ code: 'VALIDATION_FAILED' })
  })
})
