import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { createPublicClient, createWalletClient, defineChain, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type AnvilNode, type StartAnvilParameters, startAnvil } from '../nodes/anvil.js'
import { dumpAnvilState, loadAnvilState } from '../nodes/anvilState.js'
import { gangwayFeeRouterBytecode } from './contracts/gangwayFeeRouter.js'
import { testTokenBytecode } from './contracts/testToken.js'
import { type DeployTestAmmParameters, deployTestAmm, type TestAmm } from './deployTestAmm.js'

/**
 * What {@link startTestAmm} needs: the node's settings, the key that deploys (and holds the token
 * supplies and the liquidity), what to deploy, and where the saved state is kept between runs.
 * @example
 * const parameters: StartTestAmmParameters = {
 *   deployerKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
 *   feeRecipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
 *   tokens: [usdc], pools: [{ a: 'ETH', b: 'USDC', amountA: 10n ** 20n, amountB: 3n * 10n ** 11n }],
 *   cacheFile: 'node_modules/.cache/my-site/amm.json',
 * }
 */
export interface StartTestAmmParameters
  extends Pick<DeployTestAmmParameters, 'tokens' | 'pools' | 'feeRecipient' | 'feeBasisPoints'>,
    Pick<StartAnvilParameters, 'chainId' | 'mnemonic' | 'accounts' | 'balanceEth'> {
  /** The deployer's private key (a funded dev account of the node). */
  readonly deployerKey: Hex
  /**
   * A JSON file holding the saved state and the addresses: loaded when it was made from the same
   * settings and contracts, written (atomically) otherwise. Without it every start deploys.
   */
  readonly cacheFile?: string
}

/** A running anvil node with a Uniswap V2 deployment, returned by {@link startTestAmm}. */
export interface RunningTestAmm {
  readonly node: AnvilNode
  readonly amm: TestAmm
  /** The saved state (for other nodes: `loadAnvilState(url, state)`). */
  readonly state: Hex
  /** Whether the state came from `cacheFile` instead of a deployment. */
  readonly fromCache: boolean
  /** How long deploying or loading took, in ms. */
  readonly setupMs: number
}

interface CachedAmm {
  readonly key: string
  readonly state: Hex
  readonly amm: TestAmm
}

/** What makes a saved state valid: the settings and every contract's bytecode. */
function cacheKeyOf(parameters: StartTestAmmParameters): string {
  const hash = createHash('sha256')
  hash.update(
    JSON.stringify(
      {
        chainId: parameters.chainId ?? 31337,
        mnemonic: parameters.mnemonic ?? null,
        accounts: parameters.accounts ?? null,
        balanceEth: parameters.balanceEth ?? null,
        deployer: privateKeyToAccount(parameters.deployerKey).address,
        feeRecipient: parameters.feeRecipient,
        feeBasisPoints: parameters.feeBasisPoints ?? 85,
        tokens: parameters.tokens,
        pools: parameters.pools,
      },
      (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
    ),
  )
  hash.update(gangwayFeeRouterBytecode)
  hash.update(testTokenBytecode)
  return hash.digest('hex')
}

function readCache(file: string, key: string): CachedAmm | undefined {
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as CachedAmm
    return cached.key === key && typeof cached.state === 'string' ? cached : undefined
  } catch {
    return undefined
  }
}

/**
 * Starts anvil with a Uniswap V2 deployment (see `deployTestAmm`): from the saved state in
 * `cacheFile` when it matches (a load takes milliseconds), else deployed and saved there. The
 * addresses are the same either way.
 * @example
 * import { startTestAmm } from '@gangway/kit/testing/node'
 * const { node, amm } = await startTestAmm({ deployerKey, feeRecipient, tokens, pools, cacheFile })
 * try {
 *   console.log(amm.router, amm.tokens.USDC?.address)
 * } finally {
 *   await node.stop()
 * }
 * @param parameters - node settings, deployer, tokens, pools, fee and cache file.
 * @returns the node, the addresses and the saved state.
 * @throws Error when anvil cannot start or a deployment reverts; the node is stopped first.
 * @see /docs/swap.md
 */
export async function startTestAmm(parameters: StartTestAmmParameters): Promise<RunningTestAmm> {
  const started = performance.now()
  const node = await startAnvil({
    ...(parameters.chainId === undefined ? {} : { chainId: parameters.chainId }),
    ...(parameters.mnemonic === undefined ? {} : { mnemonic: parameters.mnemonic }),
    ...(parameters.accounts === undefined ? {} : { accounts: parameters.accounts }),
    ...(parameters.balanceEth === undefined ? {} : { balanceEth: parameters.balanceEth }),
  })
  try {
    const key = cacheKeyOf(parameters)
    const cached = parameters.cacheFile ? readCache(parameters.cacheFile, key) : undefined
    if (cached) {
      await loadAnvilState(node.url, cached.state)
      return {
        node,
        amm: cached.amm,
        state: cached.state,
        fromCache: true,
        setupMs: performance.now() - started,
      }
    }
    const chain = defineChain({
      id: node.chainId,
      name: `Anvil ${node.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [node.url] } },
    })
    const transport = http(node.url)
    const amm = await deployTestAmm({
      walletClient: createWalletClient({
        account: privateKeyToAccount(parameters.deployerKey),
        chain,
        transport,
      }),
      publicClient: createPublicClient({ chain, transport }),
      tokens: parameters.tokens,
      pools: parameters.pools,
      feeRecipient: parameters.feeRecipient,
      ...(parameters.feeBasisPoints === undefined
        ? {}
        : { feeBasisPoints: parameters.feeBasisPoints }),
    })
    const state = await dumpAnvilState(node.url)
    if (parameters.cacheFile) {
      mkdirSync(dirname(parameters.cacheFile), { recursive: true })
      // Written aside and renamed, so a run that reads it at the same time never sees half a file.
      const partial = `${parameters.cacheFile}.${process.pid}.tmp`
      writeFileSync(partial, JSON.stringify({ key, state, amm } satisfies CachedAmm))
      renameSync(partial, parameters.cacheFile)
    }
    return { node, amm, state, fromCache: false, setupMs: performance.now() - started }
  } catch (error) {
    await node.stop()
    throw error
  }
}
