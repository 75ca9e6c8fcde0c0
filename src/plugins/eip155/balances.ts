import {
  type Address,
  type Chain,
  erc20Abi,
  formatUnits,
  getAddress,
  type PublicClient,
} from 'viem'
import {
  type BalanceResult,
  type CaipAddress,
  type CaipNetworkId,
  type PluginContext,
  parseCaipAddress,
  TIMINGS,
  type TokenBalance,
  type TokenInfo,
} from '../../kernel/index.js'
import { eip155NativeTokenAddress } from './nativeToken.js'
import { chainIdOf } from './networks.js'
import { readClientOf, readNativeBalance, withReadBudget } from './reads.js'

/** Balances of addresses, read from the chain and kept for the §9 native balance cache time. @internal */
export interface BalanceReader {
  /** The native balance and the configured tokens' balances of `caipAddress` on `networkId`. */
  read(
    parameters: { readonly caipAddress: CaipAddress; readonly networkId: CaipNetworkId },
    signal: AbortSignal,
  ): Promise<BalanceResult>
  /** Drops what is kept for `address` on every chain: its balance changed (a send, a new block). */
  forget(address: string): void
  /** Drops everything kept. */
  clear(): void
  /** Whether the last read of `caipAddress` failed (the kit then retries on its own terms, §8). */
  hasFailed(caipAddress: string): boolean
  /** Whether a read of `caipAddress` is under way. */
  isReading(caipAddress: string): boolean
}

interface Cached {
  readonly at: number
  readonly value: BalanceResult
}

/**
 * Balances read per address: eth_getBalance checked as a uint256, and the configured ERC20s in one
 * multicall where each token fails alone (a reverting token, or the whole multicall failing, drops
 * tokens from the list; the native balance still shows). One §9 timeout covers the whole read.
 * @internal
 */
export function createBalanceReader(
  context: PluginContext,
  chainOf: (chainId: number) => Chain,
  clientOf: (chainId: number) => PublicClient,
): BalanceReader {
  const cache = new Map<string, Cached>()
  const failed = new Set<string>()
  /** Reads under way, per CAIP-10 address. */
  const reading = new Map<string, number>()
  // Bumped whenever kept balances become stale, so a read that started before a send cannot
  // store its older answer after the send made them stale.
  let generation = 0

  const tokenBalances = async (
    client: PublicClient,
    tokens: readonly TokenInfo[],
    address: Address,
    networkId: CaipNetworkId,
  ): Promise<TokenBalance[]> => {
    if (tokens.length === 0) return []
    const results = await client
      .multicall({
        // Chains without a Multicall3 deployment (local nodes) still batch in one eth_call.
        deployless: true,
        allowFailure: true,
        contracts: tokens.map((token) => ({
          address: getAddress(token.address),
          abi: erc20Abi,
          functionName: 'balanceOf' as const,
          args: [address] as const,
        })),
      })
      // The node could not run the multicall at all: the tokens are missing from the list, the
      // native balance is still worth showing.
      .catch(() => [])
    return tokens.flatMap((token, index): TokenBalance[] => {
      const result = results[index]
      if (result?.status !== 'success' || typeof result.result !== 'bigint') return []
      return [
        {
          name: token.name,
          symbol: token.symbol,
          chainId: networkId,
          address: getAddress(token.address),
          price: token.price ?? 0,
          quantity: {
            decimals: String(token.decimals),
            numeric: formatUnits(result.result, token.decimals),
          },
          ...(token.iconUrl ? { iconUrl: token.iconUrl } : {}),
        },
      ]
    })
  }

  const read: BalanceReader['read'] = async ({ caipAddress, networkId }, signal) => {
    const cached = cache.get(caipAddress)
    if (cached && context.env.clock.now() - cached.at < TIMINGS.nativeBalanceCacheMs)
      return cached.value
    const startedAt = generation
    const chainId = chainIdOf(networkId)
    const chain = chainOf(chainId)
    const address = getAddress(parseCaipAddress(caipAddress)?.address ?? '')
    // The native currency is read with eth_getBalance; it has no balanceOf.
    const tokens = context.settings.tokens.filter(
      (token) =>
        token.chainId === networkId &&
        token.decimals > 0 &&
        token.address.toLowerCase() !== eip155NativeTokenAddress,
    )
    reading.set(caipAddress, (reading.get(caipAddress) ?? 0) + 1)
    try {
      const value = await withReadBudget(
        context.env.scheduler,
        signal,
        'the balance',
        async (readSignal) => {
          const client = readClientOf(clientOf(chainId), readSignal)
          const [native, tokenEntries] = await Promise.all([
            readNativeBalance(client, address),
            tokenBalances(client, tokens, address, networkId),
          ])
          const numeric = formatUnits(native, chain.nativeCurrency.decimals)
          const nativeEntry: TokenBalance = {
            name: chain.nativeCurrency.name,
            symbol: chain.nativeCurrency.symbol,
            chainId: networkId,
            address: eip155NativeTokenAddress,
            price: 0,
            quantity: { decimals: String(chain.nativeCurrency.decimals), numeric },
          }
          return {
            balance: numeric,
            symbol: chain.nativeCurrency.symbol,
            tokens: [nativeEntry, ...tokenEntries],
          } satisfies BalanceResult
        },
      )
      failed.delete(caipAddress)
      // A read older than a send must not fill the cache.
      if (startedAt === generation) cache.set(caipAddress, { at: context.env.clock.now(), value })
      return value
    } catch (error) {
      if (!signal.aborted) failed.add(caipAddress)
      throw error
    } finally {
      const left = (reading.get(caipAddress) ?? 1) - 1
      if (left > 0) reading.set(caipAddress, left)
      else reading.delete(caipAddress)
    }
  }

  return {
    read,
    forget: (address) => {
      generation += 1
      const suffix = `:${address.toLowerCase()}`
      for (const key of cache.keys()) if (key.toLowerCase().endsWith(suffix)) cache.delete(key)
    },
    clear: () => {
      generation += 1
      cache.clear()
      failed.clear()
    },
    hasFailed: (caipAddress) => failed.has(caipAddress),
    isReading: (caipAddress) => reading.has(caipAddress),
  }
}
