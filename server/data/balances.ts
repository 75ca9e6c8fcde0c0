/**
 * `GET /v1/account/{address}/balance`: the native currency and the configured tokens of each
 * chain, read from the chain, with prices from the configured source.
 * @module
 */
import { erc20Abi, formatUnits, type PublicClient } from 'viem'
import type { BalanceResponse } from '../../src/services/gangway/schemas.js'
import type { ChainConfig, TokenConfig } from '../config.js'
import { HttpError } from '../http.js'
import { multiplyDecimal } from './decimal.js'
import type { PriceSource } from './prices.js'

/** USD values keep cents. */
const VALUE_PLACES = 2

/**
 * Reads an address's balances.
 * @param parameters - the address, the chains to read, their tokens, clients and prices.
 * @returns the balances (native first per chain).
 * @throws HttpError 502 `CHAIN_UNAVAILABLE` when a node does not answer.
 */
export async function readBalances(parameters: {
  readonly address: `0x${string}`
  readonly chains: readonly ChainConfig[]
  readonly tokens: readonly TokenConfig[]
  readonly clients: ReadonlyMap<string, PublicClient>
  readonly prices: PriceSource
}): Promise<BalanceResponse> {
  const { address, prices } = parameters
  const perChain = await Promise.all(
    parameters.chains.map(async (chain) => {
      const client = parameters.clients.get(chain.id)!
      const tokens = parameters.tokens.filter((token) => token.chainId === chain.id)
      let native: bigint
      let amounts: bigint[]
      try {
        ;[native, amounts] = await Promise.all([
          client.getBalance({ address }),
          Promise.all(
            tokens.map((token) =>
              client.readContract({
                address: token.address as `0x${string}`,
                abi: erc20Abi,
                functionName: 'balanceOf',
                args: [address],
              }),
            ),
          ),
        ])
      } catch (error) {
        throw new HttpError(
          502,
          'CHAIN_UNAVAILABLE',
          `The node of ${chain.id} did not answer: ${(error as Error).message.split('\n')[0]}`,
        )
      }
      const entry = async (
        name: string,
        symbol: string,
        tokenAddress: string,
        decimals: number,
        raw: bigint,
        iconUrl?: string,
      ) => {
        const numeric = formatUnits(raw, decimals)
        const price = await prices.priceOf(chain.id, tokenAddress)
        return {
          name,
          symbol,
          chainId: chain.id,
          address: tokenAddress,
          quantity: { decimals: String(decimals), numeric },
          ...(price === undefined
            ? {}
            : { price, value: multiplyDecimal(numeric, price, VALUE_PLACES) }),
          ...(iconUrl ? { iconUrl } : {}),
        }
      }
      return Promise.all([
        entry(
          chain.nativeCurrency.name,
          chain.nativeCurrency.symbol,
          'native',
          chain.nativeCurrency.decimals,
          native,
        ),
        ...tokens.map((token, index) =>
          entry(
            token.name,
            token.symbol,
            token.address.toLowerCase(),
            token.decimals,
            amounts[index] ?? 0n,
            token.iconUrl,
          ),
        ),
      ])
    }),
  )
  return { balances: perChain.flat() }
}
