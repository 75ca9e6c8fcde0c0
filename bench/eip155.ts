/**
 * eip155 against a real local node (anvil): connect-to-account-state latency through the EIP-6963
 * test wallet, and a balance refresh of 20 ERC20 tokens as one multicall versus 20 calls.
 * Prints figures; asserts nothing.
 */
import { createPublicClient, createWalletClient, erc20Abi, http } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { createKit } from '../src/index.js'
import { eip155 } from '../src/plugins/eip155/index.js'
import { createTestWallet, createVirtualEnv, deployTestToken } from '../src/testing/index.js'
import { ANVIL_MNEMONIC, startAnvil } from '../src/testing/node.js'
import { ANVIL_KEYS, localChain } from '../test/support/eip155.js'

const RUNS = 20
const TOKENS = 20

const median = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
const line = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`)

const node = await startAnvil({ chainId: 31337 })
try {
  const chain = localChain(node.chainId, node.url)
  const publicClient = createPublicClient({ chain, transport: http(node.url) })
  const walletClient = createWalletClient({
    account: mnemonicToAccount(ANVIL_MNEMONIC),
    chain,
    transport: http(node.url),
  })
  const tokens = []
  for (let index = 0; index < TOKENS; index += 1) {
    const { address } = await deployTestToken({
      walletClient,
      publicClient,
      name: `Bench Token ${index}`,
      symbol: `BT${index}`,
      decimals: 6,
      supply: 1_000_000n,
    })
    tokens.push({
      address,
      symbol: `BT${index}`,
      name: `Bench Token ${index}`,
      decimals: 6,
      chainId: 'eip155:31337' as const,
    })
  }

  // ------------------------------------------------------------ connect → account state
  const globals = globalThis as { window?: unknown }
  const connectMs: number[] = []
  const balanceMs: number[] = []
  for (let run = 0; run < RUNS; run += 1) {
    const window = new EventTarget()
    globals.window = window
    const wallet = createTestWallet({
      privateKeys: [ANVIL_KEYS[0]],
      chains: [{ id: node.chainId, rpcUrl: node.url }],
    })
    wallet.announce(window)
    const kit = createKit({
      plugins: [eip155({ chains: [chain], rpcUrls: { [node.chainId]: [node.url] } })],
      tokens,
      env: createVirtualEnv(),
    })
    const start = performance.now()
    const balanced = new Promise<void>((resolve) => {
      const stop = kit.subscribe((state) => {
        if (state.namespaces.entities.eip155?.accountState.balance !== null) {
          stop()
          resolve()
        }
      })
    })
    await kit.connect({ namespace: 'eip155', connectorId: wallet.info.rdns })
    connectMs.push(performance.now() - start)
    await balanced
    balanceMs.push(performance.now() - start)
    kit.destroy()
  }
  delete globals.window

  // ------------------------------------------------------------ 20 tokens: multicall vs 20 calls
  const holder = privateKeyToAccount(ANVIL_KEYS[0]).address
  const requestsOf = () => {
    let count = 0
    const counting = createPublicClient({
      chain,
      transport: http(node.url, {
        onFetchRequest: () => {
          count += 1
        },
      }),
    })
    return { client: counting, count: () => count }
  }
  const multicallMs: number[] = []
  const separateMs: number[] = []
  let multicallRequests = 0
  let separateRequests = 0
  for (let run = 0; run < RUNS; run += 1) {
    const multi = requestsOf()
    let start = performance.now()
    await multi.client.multicall({
      deployless: true,
      allowFailure: true,
      contracts: tokens.map((token) => ({
        address: token.address,
        abi: erc20Abi,
        functionName: 'balanceOf' as const,
        args: [holder] as const,
      })),
    })
    multicallMs.push(performance.now() - start)
    multicallRequests = multi.count()

    const separate = requestsOf()
    start = performance.now()
    await Promise.all(
      tokens.map((token) =>
        separate.client.readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [holder],
        }),
      ),
    )
    separateMs.push(performance.now() - start)
    separateRequests = separate.count()
  }

  console.log(`eip155 against anvil ${node.chainId} (median of ${RUNS} runs)\n`)
  line('connect → account in state (EIP-6963 test wallet)', `${median(connectMs).toFixed(1)} ms`)
  line('connect → native + 20 token balances in state', `${median(balanceMs).toFixed(1)} ms`)
  line(
    `${TOKENS} token balances, one deployless multicall`,
    `${median(multicallMs).toFixed(1)} ms, ${multicallRequests} HTTP request(s)`,
  )
  line(
    `${TOKENS} token balances, ${TOKENS} separate eth_calls`,
    `${median(separateMs).toFixed(1)} ms, ${separateRequests} HTTP request(s)`,
  )
} finally {
  await node.stop()
}
