/**
 * The local AMM the swap tests, the demo and the swap benchmark share: a real Uniswap V2 with a
 * GangwayFeeRouter on anvil, four tokens and five pools, loaded from a saved anvil state after
 * the first run, and the Gangway server configuration that serves it.
 */
import { fileURLToPath } from 'node:url'
import type { ServerConfigInput } from '../../server/config.js'
import {
  type RunningTestAmm,
  startTestAmm,
  type TestAmm,
  type TestAmmPool,
} from '../../src/testing/node.js'

/** The AMM's deployer: anvil account 9, which holds every token supply and the liquidity. */
export const AMM_DEPLOYER_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'
/** The provider fee's recipient: anvil account 7 (0x14dC…9955). */
export const AMM_FEE_RECIPIENT = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'

/** The tokens: a stablecoin and three others; whole supplies in base units. */
export const AMM_TOKENS = Object.freeze([
  { symbol: 'USDC', name: 'USD Coin (local)', decimals: 6, supply: 10n ** 9n * 10n ** 6n },
  { symbol: 'DAI', name: 'Dai Stablecoin (local)', decimals: 18, supply: 10n ** 9n * 10n ** 18n },
  { symbol: 'WBTC', name: 'Wrapped BTC (local)', decimals: 8, supply: 10n ** 6n * 10n ** 8n },
  { symbol: 'UNI', name: 'Uniswap (local)', decimals: 18, supply: 10n ** 9n * 10n ** 18n },
])

/** ETH at 3,000 USD, BTC at 60,000, UNI at 10; DAI only through USDC (two-pool paths). */
export const AMM_POOLS: readonly TestAmmPool[] = Object.freeze([
  { a: 'ETH', b: 'USDC', amountA: 1_000n * 10n ** 18n, amountB: 3_000_000n * 10n ** 6n },
  { a: 'USDC', b: 'DAI', amountA: 2_000_000n * 10n ** 6n, amountB: 2_000_000n * 10n ** 18n },
  { a: 'ETH', b: 'WBTC', amountA: 2_000n * 10n ** 18n, amountB: 100n * 10n ** 8n },
  { a: 'ETH', b: 'UNI', amountA: 100n * 10n ** 18n, amountB: 30_000n * 10n ** 18n },
  { a: 'UNI', b: 'USDC', amountA: 10_000n * 10n ** 18n, amountB: 100_000n * 10n ** 6n },
])

/** Where the saved state is kept between runs (git-ignored with node_modules). */
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/gangway/', import.meta.url))

/**
 * Starts anvil with the AMM: from the saved state when it matches (~0.1 s), else deployed and
 * saved. The dev accounts keep their 10,000 ETH; account 9 holds the tokens.
 * @param chainId - the node's chain id (31337 by default).
 */
export function startLocalAmm(chainId = 31337): Promise<RunningTestAmm> {
  return startTestAmm({
    chainId,
    deployerKey: AMM_DEPLOYER_KEY,
    feeRecipient: AMM_FEE_RECIPIENT,
    tokens: AMM_TOKENS,
    pools: AMM_POOLS,
    cacheFile: `${CACHE_DIR}amm-${chainId}.json`,
  })
}

/**
 * The Gangway server configuration serving the AMM: its chain, USDC as the stablecoin, the fee
 * router in front of the router, and the chain marked as the operator's local swap network.
 * @param amm - the deployment.
 * @param chainId - its chain id.
 * @param rpcUrl - its node.
 */
export function ammServerConfig(amm: TestAmm, chainId: number, rpcUrl: string): ServerConfigInput {
  const id = `eip155:${chainId}`
  return {
    chains: [{ id, name: 'Anvil', rpcUrl }],
    swap: {
      networks: [
        {
          chainId: id,
          router: amm.router,
          feeRouter: amm.feeRouter,
          stablecoin: amm.tokens.USDC!.address,
          local: true,
        },
      ],
    },
  }
}

/**
 * The kit's `swap` option for the AMM: the chain as the site's own swap network, and the fee
 * router (the contract the server's swaps call and its approvals name as spender) with WETH as
 * the router the kit checks every swap transaction against.
 * @param amm - the deployment.
 * @param chainId - its chain id.
 */
export function ammKitSwapOption(amm: TestAmm, chainId: number) {
  const id = `eip155:${chainId}` as const
  return {
    networks: [id],
    routers: { [id]: { router: amm.feeRouter, wrappedNative: amm.weth } },
  }
}
