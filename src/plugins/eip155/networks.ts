import type { Chain } from 'viem'
import type { CaipNetworkId, NetworkDescriptor } from '../../kernel/index.js'

/**
 * The CAIP-2 id of an EVM chain.
 * @example
 * import { toEip155NetworkId } from '@gangway/kit/eip155'
 * toEip155NetworkId(8453) // 'eip155:8453'
 */
export function toEip155NetworkId(chainId: number): CaipNetworkId<'eip155'> {
  return `eip155:${chainId}`
}

/**
 * A §3 network descriptor from a viem chain definition (`viem/chains`, or `defineChain` for a
 * site's own chain), with the chain's `iconUrl` where the definition carries one.
 * @example
 * import { mainnet } from 'viem/chains'
 * import { toNetworkDescriptor } from '@gangway/kit/eip155'
 * toNetworkDescriptor(mainnet).id // 'eip155:1'
 * @param chain - the viem chain.
 * @param rpcUrls - node URLs to use instead of the chain's defaults.
 * @returns the descriptor.
 */
export function toNetworkDescriptor(chain: Chain, rpcUrls?: readonly string[]): NetworkDescriptor {
  const { iconUrl } = chain as Chain & { readonly iconUrl?: unknown }
  const explorers = Object.values(chain.blockExplorers ?? {}).map((explorer) => ({
    name: explorer.name,
    url: explorer.url,
  }))
  return {
    id: toEip155NetworkId(chain.id),
    name: chain.name,
    nativeCurrency: { ...chain.nativeCurrency },
    rpcUrls: [...(rpcUrls ?? chain.rpcUrls.default.http)],
    ...(explorers.length ? { blockExplorers: explorers } : {}),
    testnet: chain.testnet ?? false,
    namespace: 'eip155',
    // A chain definition may carry its icon, as chain lists for wallet kits commonly do.
    ...(typeof iconUrl === 'string' && iconUrl ? { iconUrl } : {}),
  }
}

/** The chain id of an eip155 CAIP-2 id. @internal */
export function chainIdOf(networkId: string): number {
  return Number(networkId.slice('eip155:'.length))
}
