/**
 * One swap network's Uniswap V2 deployment as the convert API reads it: the router's factory and
 * WETH, the fee router's fee, the pools (every pair of a small factory, else the pairs among the
 * configured tokens), their reserves, token metadata, the best path between two tokens and mid
 * prices against the stablecoin. Reads go through the chain's client (each call bounded by its
 * timeout); what cannot change (addresses, tokens of a pair, metadata) is kept, the pool list for
 * 30 s, reserves never.
 * @module
 */
import { type Address, erc20Abi, getAddress, type PublicClient, parseAbi, zeroAddress } from 'viem'
import type { ChainConfig, SwapNetworkConfig, TokenConfig } from '../config.js'
import { HttpError } from '../http.js'
import { getAmountsOut, midPriceOf, type PoolHop } from './math.js'

/** The router functions the convert API calls or encodes. */
export const routerAbi = parseAbi([
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const factoryAbi = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address)',
  'function allPairsLength() view returns (uint256)',
  'function allPairs(uint256) view returns (address)',
])
const pairAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])
const feeRouterAbi = parseAbi(['function feeBasisPoints() view returns (uint256)'])

/** A factory with at most this many pairs is read whole; a larger one only among known tokens. */
const MAX_ENUMERATED_PAIRS = 500n
/** How long the pool list is kept (new pools appear within this). */
const POOLS_TTL_MS = 30_000

/** A pair: its address and its two tokens. */
export interface Pool {
  readonly pair: Address
  readonly token0: Address
  readonly token1: Address
}

/** A token's metadata. */
export interface TokenMeta {
  readonly address: Address
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  readonly logoUri?: string
}

/** A path through the pools with the amounts it pays. */
export interface PricedPath {
  /** Token addresses, WETH for the native side. */
  readonly path: readonly Address[]
  /** Reserves along it. */
  readonly hops: readonly PoolHop[]
}

/** One swap network's deployment. */
export interface Amm {
  readonly network: SwapNetworkConfig
  readonly chain: ChainConfig
  readonly client: PublicClient
  /** The router's WETH. */
  weth(): Promise<Address>
  /** The provider fee in basis points: the fee router's, else 0. */
  feeBasisPoints(): Promise<bigint>
  /** Who calls the router for the visitor and spends approvals: the fee router, else the router. */
  readonly spender: Address
  token(address: Address): Promise<TokenMeta>
  pools(): Promise<readonly Pool[]>
  /** The path paying the most for `amountIn` (direct, or through one other token), or undefined. */
  bestPath(from: Address, to: Address, amountIn: bigint): Promise<PricedPath | undefined>
  /** The USD mid price of a token from the pools against the stablecoin, or undefined. */
  midPriceUsd(token: Address): Promise<string | undefined>
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** Runs a chain read; a node that does not answer is a 502, as in the data service. */
export async function onChain<TValue>(
  chain: ChainConfig,
  read: () => Promise<TValue>,
): Promise<TValue> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw new HttpError(
      502,
      'CHAIN_UNAVAILABLE',
      `The node of ${chain.id} did not answer: ${(error as Error).message.split('\n')[0]}`,
    )
  }
}

/**
 * Makes the reader of one swap network.
 * @param parameters - the network, its chain, its client and the configured tokens.
 * @returns the deployment.
 */
export function createAmm(parameters: {
  readonly network: SwapNetworkConfig
  readonly chain: ChainConfig
  readonly client: PublicClient
  readonly tokens: readonly TokenConfig[]
  readonly now?: () => number
}): Amm {
  const { network, chain, client } = parameters
  const now = parameters.now ?? Date.now
  const router = getAddress(network.router)
  const read = <TValue>(fn: () => Promise<TValue>) => onChain(chain, fn)
  const once = <TValue>(load: () => Promise<TValue>) => {
    let value: Promise<TValue> | undefined
    return () => {
      value ??= load().catch((error: unknown) => {
        value = undefined
        throw error
      })
      return value
    }
  }
  const weth = once(() =>
    read(() => client.readContract({ address: router, abi: routerAbi, functionName: 'WETH' })),
  )
  const factory = once(() =>
    read(() => client.readContract({ address: router, abi: routerAbi, functionName: 'factory' })),
  )
  const feeBasisPoints = once(async () =>
    network.feeRouter
      ? read(() =>
          client.readContract({
            address: getAddress(network.feeRouter!),
            abi: feeRouterAbi,
            functionName: 'feeBasisPoints',
          }),
        )
      : 0n,
  )
  const metas = new Map<string, Promise<TokenMeta>>()
  const configured = (address: string) =>
    parameters.tokens.find((token) => token.chainId === chain.id && same(token.address, address))
  const token = (address: Address): Promise<TokenMeta> => {
    const key = address.toLowerCase()
    let meta = metas.get(key)
    if (!meta) {
      const known = configured(address)
      meta = known
        ? Promise.resolve({
            address: getAddress(address),
            name: known.name,
            symbol: known.symbol,
            decimals: known.decimals,
            ...(known.iconUrl ? { logoUri: known.iconUrl } : {}),
          })
        : read(async () => {
            const [name, symbol, decimals] = await Promise.all([
              client.readContract({ address, abi: erc20Abi, functionName: 'name' }),
              client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
              client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
            ])
            return { address: getAddress(address), name, symbol, decimals }
          })
      meta.catch(() => metas.delete(key))
      metas.set(key, meta)
    }
    return meta
  }
  const pairTokens = new Map<string, Promise<Pool>>()
  const poolOf = (pair: Address): Promise<Pool> => {
    let pool = pairTokens.get(pair)
    if (!pool) {
      pool = read(async () => {
        const [token0, token1] = await Promise.all([
          client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
          client.readContract({ address: pair, abi: pairAbi, functionName: 'token1' }),
        ])
        return { pair, token0, token1 }
      })
      pool.catch(() => pairTokens.delete(pair))
      pairTokens.set(pair, pool)
    }
    return pool
  }
  let listed: { readonly at: number; readonly pools: Promise<readonly Pool[]> } | undefined
  const discover = async (): Promise<readonly Pool[]> => {
    const factoryAddress = await factory()
    const count = await read(() =>
      client.readContract({
        address: factoryAddress,
        abi: factoryAbi,
        functionName: 'allPairsLength',
      }),
    )
    let pairs: Address[]
    if (count <= MAX_ENUMERATED_PAIRS) {
      pairs = await read(() =>
        Promise.all(
          Array.from({ length: Number(count) }, (_, index) =>
            client.readContract({
              address: factoryAddress,
              abi: factoryAbi,
              functionName: 'allPairs',
              args: [BigInt(index)],
            }),
          ),
        ),
      )
    } else {
      const known = [
        ...new Set(
          [
            await weth(),
            network.stablecoin,
            ...network.tokens,
            ...parameters.tokens
              .filter((entry) => entry.chainId === chain.id)
              .map((entry) => entry.address),
          ].map((address) => getAddress(address)),
        ),
      ]
      const asked: Promise<Address>[] = []
      for (const [index, a] of known.entries()) {
        for (const b of known.slice(index + 1)) {
          asked.push(
            read(() =>
              client.readContract({
                address: factoryAddress,
                abi: factoryAbi,
                functionName: 'getPair',
                args: [a, b],
              }),
            ),
          )
        }
      }
      pairs = (await Promise.all(asked)).filter((pair) => pair !== zeroAddress)
    }
    return Promise.all(pairs.map(poolOf))
  }
  const pools = () => {
    if (!listed || now() - listed.at > POOLS_TTL_MS) {
      const loading = discover()
      listed = { at: now(), pools: loading }
      loading.catch(() => {
        if (listed?.pools === loading) listed = undefined
      })
    }
    return listed.pools
  }
  const reservesOf = async (pool: Pool, tokenIn: Address): Promise<PoolHop> => {
    const [reserve0, reserve1] = await read(() =>
      client.readContract({ address: pool.pair, abi: pairAbi, functionName: 'getReserves' }),
    )
    return same(pool.token0, tokenIn)
      ? { reserveIn: reserve0, reserveOut: reserve1 }
      : { reserveIn: reserve1, reserveOut: reserve0 }
  }
  /** Every path from `from` to `to` through at most one other token. */
  const candidatePaths = async (from: Address, to: Address) => {
    const all = await pools()
    const between = (a: Address, b: Address) =>
      all.find(
        (pool) =>
          (same(pool.token0, a) && same(pool.token1, b)) ||
          (same(pool.token0, b) && same(pool.token1, a)),
      )
    const paths: { path: Address[]; pools: Pool[] }[] = []
    const direct = between(from, to)
    if (direct) paths.push({ path: [from, to], pools: [direct] })
    const middles = new Set<string>()
    for (const pool of all)
      for (const side of [pool.token0, pool.token1]) middles.add(getAddress(side))
    for (const middle of middles) {
      if (same(middle, from) || same(middle, to)) continue
      const first = between(from, middle as Address)
      const second = between(middle as Address, to)
      if (first && second)
        paths.push({ path: [from, middle as Address, to], pools: [first, second] })
    }
    return paths
  }
  const priced = async (candidate: { path: Address[]; pools: Pool[] }): Promise<PricedPath> => ({
    path: candidate.path,
    hops: await Promise.all(
      candidate.pools.map((pool, index) => reservesOf(pool, candidate.path[index]!)),
    ),
  })
  return {
    network,
    chain,
    client,
    weth,
    feeBasisPoints,
    spender: getAddress(network.feeRouter ?? network.router),
    token,
    pools,
    bestPath: async (from, to, amountIn) => {
      let best: { path: PricedPath; out: bigint } | undefined
      for (const candidate of await candidatePaths(from, to)) {
        const path = await priced(candidate)
        if (path.hops.some((hop) => hop.reserveIn === 0n || hop.reserveOut === 0n)) continue
        let out: bigint
        try {
          out = getAmountsOut(amountIn, path.hops).at(-1)!
        } catch {
          // A pool on the way would be asked to swap nothing: the router refuses such a path.
          continue
        }
        if (!best || out > best.out) best = { path, out }
      }
      return best?.path
    },
    midPriceUsd: async (address) => {
      const stablecoin = getAddress(network.stablecoin)
      if (same(address, stablecoin)) return '1'
      const paths = await candidatePaths(getAddress(address), stablecoin)
      // The direct pool first, then through WETH, then through any other token.
      const wrapped = await weth()
      const chosen =
        paths.find((entry) => entry.path.length === 2) ??
        paths.find((entry) => same(entry.path[1]!, wrapped)) ??
        paths[0]
      if (!chosen) return undefined
      const path = await priced(chosen)
      const [tokenIn, reference] = await Promise.all([
        token(getAddress(address)),
        token(stablecoin),
      ])
      const price = midPriceOf(path.hops, tokenIn.decimals, reference.decimals, 12)
      return price === '0' ? undefined : price
    },
  }
}
