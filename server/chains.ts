/**
 * One viem public client per configured eip155 chain: the only place the server reads them from.
 * @module
 */
import { createPublicClient, defineChain, http, type PublicClient } from 'viem'
import type { ChainConfig } from './config.js'

/** How long one RPC call may take before it counts as failed. */
export const RPC_TIMEOUT_MS = 10_000

/**
 * Creates the clients of the eip155 chains (solana chains are read by the indexer's own reader).
 * @param chains - the configured chains.
 * @returns a client per eip155 CAIP-2 id.
 */
export function createChainClients(chains: readonly ChainConfig[]): Map<string, PublicClient> {
  const clients = new Map<string, PublicClient>()
  for (const chain of chains) {
    if (!chain.id.startsWith('eip155:')) continue
    const id = Number(chain.id.slice('eip155:'.length))
    const definition = defineChain({
      id,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      rpcUrls: { default: { http: [chain.rpcUrl] } },
      ...(chain.ensUniversalResolver
        ? {
            contracts: {
              ensUniversalResolver: { address: chain.ensUniversalResolver as `0x${string}` },
            },
          }
        : {}),
    })
    clients.set(
      chain.id,
      createPublicClient({
        chain: definition,
        transport: http(chain.rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 1 }),
        // The indexer asks for the head on purpose: viem's default caches it for 4 s.
        cacheTime: 0,
      }) as PublicClient,
    )
  }
  return clients
}
