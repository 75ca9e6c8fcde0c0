/**
 * Token prices in USD: the operator's fixed table by CAIP-10 token id (`eip155:1:native`,
 * `eip155:1:0x…`) first, then, on a swap network, the mid price from the pools' reserves against
 * the configured stablecoin. Never invented: a token in neither has no price.
 * @module
 */
import type { ServerConfig } from '../config.js'

/** USD prices of tokens. */
export interface PriceSource {
  /** The price of a token (`address` is `native` or a contract), or `undefined`. */
  priceOf(chainId: string, address: string): Promise<string | undefined>
}

/**
 * The price source.
 * @param config - the server configuration (its `prices`).
 * @param pools - prices from pool reserves (the convert service's), asked when the table has none.
 * @returns the source.
 */
export function createPriceSource(
  config: Pick<ServerConfig, 'prices'>,
  pools?: { poolPrice(chainId: string, address: string): Promise<string | undefined> },
): PriceSource {
  const table = new Map(
    Object.entries(config.prices).map(([id, price]) => [id.toLowerCase(), price] as const),
  )
  return {
    priceOf: async (chainId, address) =>
      table.get(`${chainId}:${address}`.toLowerCase()) ?? pools?.poolPrice(chainId, address),
  }
}
