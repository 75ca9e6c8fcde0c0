/**
 * Prices from the source the operator configures: a fixed table of USD prices by CAIP-10 token
 * id (`eip155:1:native`, `eip155:1:0x…`). Never invented: a token missing from the table has no
 * price.
 * @module
 */
import type { ServerConfig } from '../config.js'

/** USD prices by lower-case CAIP-10 token id. */
export interface PriceSource {
  /** The price of a token (`address` is `native` or a contract), or `undefined`. */
  priceOf(chainId: string, address: string): string | undefined
}

/**
 * The fixed-table price source.
 * @param config - the server configuration (its `prices`).
 * @returns the source.
 */
export function createPriceSource(config: Pick<ServerConfig, 'prices'>): PriceSource {
  const table = new Map(
    Object.entries(config.prices).map(([id, price]) => [id.toLowerCase(), price] as const),
  )
  return { priceOf: (chainId, address) => table.get(`${chainId}:${address}`.toLowerCase()) }
}
