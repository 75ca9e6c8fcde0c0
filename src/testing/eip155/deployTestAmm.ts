import { createRequire } from 'node:module'
import {
  type Account,
  type Address,
  type Chain,
  erc20Abi,
  getAddress,
  type Hex,
  type PublicClient,
  parseAbi,
  type Transport,
  type WalletClient,
} from 'viem'
import { deployContract } from 'viem/actions'
import { gangwayFeeRouterAbi, gangwayFeeRouterBytecode } from './contracts/gangwayFeeRouter.js'
import { testTokenAbi, testTokenBytecode } from './contracts/testToken.js'

/** The symbol that stands for the native currency in {@link TestAmmPool} (its pools hold WETH). */
export const TEST_AMM_NATIVE = 'ETH'

/**
 * A token {@link deployTestAmm} deploys (the test ERC-20 of `deployTestToken`), its whole supply
 * minted to the deployer.
 * @example
 * const usdc: TestAmmToken = { symbol: 'USDC', name: 'USD Coin (test)', decimals: 6, supply: 10n ** 15n }
 */
export interface TestAmmToken {
  readonly symbol: string
  readonly name: string
  readonly decimals: number
  /** The total supply in base units. */
  readonly supply: bigint
}

/**
 * A pool {@link deployTestAmm} creates and funds: two token symbols (or {@link TEST_AMM_NATIVE} for
 * the native currency, held as WETH) and the reserves, in base units.
 * @example
 * const pool: TestAmmPool = { a: 'ETH', b: 'USDC', amountA: 100n * 10n ** 18n, amountB: 300_000n * 10n ** 6n }
 */
export interface TestAmmPool {
  readonly a: string
  readonly b: string
  readonly amountA: bigint
  readonly amountB: bigint
}

/**
 * What {@link deployTestAmm} needs: clients of one chain (the wallet's account deploys, holds the
 * supplies and provides the liquidity), the tokens, the pools and the provider fee.
 * @example
 * const parameters: DeployTestAmmParameters = {
 *   walletClient, publicClient, feeRecipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
 *   tokens: [usdc], pools: [{ a: 'ETH', b: 'USDC', amountA: 10n ** 20n, amountB: 3n * 10n ** 11n }],
 * }
 */
export interface DeployTestAmmParameters {
  readonly walletClient: WalletClient<Transport, Chain, Account>
  readonly publicClient: PublicClient
  readonly tokens: readonly TestAmmToken[]
  readonly pools: readonly TestAmmPool[]
  /** Who receives the provider fee. */
  readonly feeRecipient: Address
  /** The provider fee in basis points: 85 (§9: 0.85 %) by default. */
  readonly feeBasisPoints?: number
}

/** A deployed token of a {@link TestAmm}. */
export interface TestAmmDeployedToken {
  readonly address: Address
  readonly symbol: string
  readonly name: string
  readonly decimals: number
}

/**
 * A Uniswap V2 deployment on a local chain, returned by {@link deployTestAmm}: JSON-serializable,
 * so it can be kept beside a saved node state.
 * @example
 * const amm: TestAmm = await deployTestAmm(parameters)
 * amm.tokens.USDC?.address
 */
export interface TestAmm {
  /** WETH9 (the router's wrapped native currency). */
  readonly weth: Address
  /** UniswapV2Factory. */
  readonly factory: Address
  /** UniswapV2Router02. */
  readonly router: Address
  /** GangwayFeeRouter: takes the provider fee, then swaps through the router. */
  readonly feeRouter: Address
  readonly feeRecipient: Address
  readonly feeBasisPoints: number
  /** The deployed tokens by symbol. */
  readonly tokens: Readonly<Record<string, TestAmmDeployedToken>>
  /** The created pairs: the two token addresses (WETH for the native side) and the pair. */
  readonly pairs: readonly {
    readonly tokenA: Address
    readonly tokenB: Address
    readonly pair: Address
  }[]
}

/** The Uniswap V2 artifacts as npm ships them: ABI and bytecode without the `0x` prefix. */
interface Artifact {
  readonly abi: readonly unknown[]
  readonly bytecode: string
}

const require = createRequire(import.meta.url)
const artifact = (path: string): { abi: readonly unknown[]; bytecode: Hex } => {
  const loaded = require(path) as Artifact
  const bytecode = loaded.bytecode.startsWith('0x') ? loaded.bytecode : `0x${loaded.bytecode}`
  return { abi: loaded.abi, bytecode: bytecode as Hex }
}

const routerAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
])
const factoryAbi = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address)',
])
/** Far in the future: the deployment's liquidity must not depend on the node's clock. */
const NO_DEADLINE = 2n ** 64n

/**
 * Deploys a real Uniswap V2 (WETH9, UniswapV2Factory and UniswapV2Router02, byte for byte as
 * `@uniswap/v2-core` and `@uniswap/v2-periphery` ship them: the pair bytecode matches the router's
 * init code hash), a `GangwayFeeRouter` in front of it, the test tokens, and funded pools. Each
 * transaction waits for its receipt. Node only (the artifacts are read from `node_modules`).
 * @example
 * import { createPublicClient, createWalletClient, http } from 'viem'
 * import { privateKeyToAccount } from 'viem/accounts'
 * import { deployTestAmm, startAnvil } from '@gangway/kit/testing/node'
 * const node = await startAnvil()
 * const transport = http(node.url)
 * const walletClient = createWalletClient({ account: privateKeyToAccount(KEY), chain, transport })
 * const amm = await deployTestAmm({ walletClient, publicClient: createPublicClient({ chain, transport }), feeRecipient, tokens, pools })
 * @param parameters - clients, tokens, pools, fee recipient and fee.
 * @returns the addresses.
 * @throws Error when a pool names an unknown token or a transaction reverts.
 * @see /docs/swap.md
 */
export async function deployTestAmm(parameters: DeployTestAmmParameters): Promise<TestAmm> {
  const { walletClient, publicClient, feeRecipient } = parameters
  const feeBasisPoints = parameters.feeBasisPoints ?? 85
  const owner = walletClient.account.address
  const mined = async (hash: Hex, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    if (receipt.status !== 'success') throw new Error(`deployTestAmm: ${what} reverted (${hash})`)
    return receipt
  }
  const deploy = async (what: string, abi: readonly unknown[], bytecode: Hex, args: unknown[]) => {
    const hash = await deployContract(walletClient, { abi, bytecode, args } as never)
    const receipt = await mined(hash, `deploying ${what}`)
    if (!receipt.contractAddress) throw new Error(`deployTestAmm: ${what} has no address`)
    return getAddress(receipt.contractAddress)
  }

  const weth9 = artifact('@uniswap/v2-periphery/build/WETH9.json')
  const factory = artifact('@uniswap/v2-core/build/UniswapV2Factory.json')
  const router02 = artifact('@uniswap/v2-periphery/build/UniswapV2Router02.json')
  const weth = await deploy('WETH9', weth9.abi, weth9.bytecode, [])
  const factoryAddress = await deploy('UniswapV2Factory', factory.abi, factory.bytecode, [owner])
  const router = await deploy('UniswapV2Router02', router02.abi, router02.bytecode, [
    factoryAddress,
    weth,
  ])
  const feeRouter = await deploy(
    'GangwayFeeRouter',
    gangwayFeeRouterAbi,
    gangwayFeeRouterBytecode,
    [router, feeRecipient, BigInt(feeBasisPoints)],
  )

  const tokens: Record<string, TestAmmDeployedToken> = {}
  for (const token of parameters.tokens) {
    const address = await deploy(token.symbol, testTokenAbi, testTokenBytecode, [
      token.name,
      token.symbol,
      token.decimals,
      token.supply,
    ])
    tokens[token.symbol] = {
      address,
      symbol: token.symbol,
      name: token.name,
      decimals: token.decimals,
    }
  }
  const addressOf = (symbol: string): Address => {
    if (symbol === TEST_AMM_NATIVE) return weth
    const token = tokens[symbol]
    if (!token) throw new Error(`deployTestAmm: a pool names ${symbol}, which is not a token here`)
    return token.address
  }

  const pairs: { tokenA: Address; tokenB: Address; pair: Address }[] = []
  for (const pool of parameters.pools) {
    const tokenA = addressOf(pool.a)
    const tokenB = addressOf(pool.b)
    for (const [symbol, amount] of [
      [pool.a, pool.amountA],
      [pool.b, pool.amountB],
    ] as const) {
      if (symbol === TEST_AMM_NATIVE) continue
      const hash = await walletClient.writeContract({
        address: addressOf(symbol),
        abi: erc20Abi,
        functionName: 'approve',
        args: [router, amount],
      })
      await mined(hash, `approving ${symbol}`)
    }
    const native = pool.a === TEST_AMM_NATIVE ? 'a' : pool.b === TEST_AMM_NATIVE ? 'b' : null
    const hash =
      native === null
        ? await walletClient.writeContract({
            address: router,
            abi: routerAbi,
            functionName: 'addLiquidity',
            args: [tokenA, tokenB, pool.amountA, pool.amountB, 0n, 0n, owner, NO_DEADLINE],
          })
        : await walletClient.writeContract({
            address: router,
            abi: routerAbi,
            functionName: 'addLiquidityETH',
            args:
              native === 'a'
                ? [tokenB, pool.amountB, 0n, 0n, owner, NO_DEADLINE]
                : [tokenA, pool.amountA, 0n, 0n, owner, NO_DEADLINE],
            value: native === 'a' ? pool.amountA : pool.amountB,
          })
    await mined(hash, `adding liquidity to ${pool.a}/${pool.b}`)
    const pair = await publicClient.readContract({
      address: factoryAddress,
      abi: factoryAbi,
      functionName: 'getPair',
      args: [tokenA, tokenB],
    })
    pairs.push({ tokenA, tokenB, pair })
  }
  return {
    weth,
    factory: factoryAddress,
    router,
    feeRouter,
    feeRecipient,
    feeBasisPoints,
    tokens,
    pairs,
  }
}
