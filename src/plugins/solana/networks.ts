/**
 * Solana clusters as CAIP-2 networks (`solana:` and the first 32 characters of the genesis hash)
 * and the Wallet Standard chain each one is (`solana:mainnet`, ...).
 * @module
 */
import type { CaipNetworkId, NetworkDescriptor } from '../../kernel/index.js'

/**
 * A Solana cluster a site offers: its §3 descriptor plus what Solana wallets call it.
 * @example
 * import { solanaDevnet } from '@gangway/kit/solana'
 * solanaDevnet.walletChain // 'solana:devnet'
 */
export interface SolanaNetwork extends NetworkDescriptor {
  readonly id: CaipNetworkId<'solana'>
  readonly namespace: 'solana'
  /** The Wallet Standard chain (`solana:mainnet`, `solana:devnet`, `solana:testnet`, `solana:localnet`). */
  readonly walletChain: `solana:${string}`
}

const SOL = Object.freeze({ name: 'Solana', symbol: 'SOL', decimals: 9 })

/**
 * The CAIP-2 id of a cluster from its base58 genesis hash.
 * @example
 * import { toSolanaNetworkId } from '@gangway/kit/solana'
 * toSolanaNetworkId('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d') // 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
 * @see https://namespaces.chainagnostic.org/solana/caip2
 */
export function toSolanaNetworkId(genesisHash: string): CaipNetworkId<'solana'> {
  return `solana:${genesisHash.slice(0, 32)}`
}

function cluster(
  name: string,
  genesisHash: string,
  walletChain: `solana:${string}`,
  rpcUrl: string,
  testnet: boolean,
  explorerCluster?: string,
): SolanaNetwork {
  const query = explorerCluster ? `?cluster=${explorerCluster}` : ''
  // A local cluster has no public explorer: the explorer's `custom` cluster would need the node's
  // URL reachable from the visitor's browser, which a test node is not.
  const explorers =
    walletChain === 'solana:localnet'
      ? {}
      : {
          blockExplorers: [{ name: 'Solana Explorer', url: `https://explorer.solana.com${query}` }],
        }
  return Object.freeze({
    id: toSolanaNetworkId(genesisHash),
    name,
    nativeCurrency: SOL,
    rpcUrls: [rpcUrl],
    ...explorers,
    testnet,
    namespace: 'solana' as const,
    walletChain,
  })
}

/**
 * Solana mainnet-beta.
 * @example
 * import { solana, solanaMainnet } from '@gangway/kit/solana'
 * solana({ networks: [solanaMainnet] })
 */
export const solanaMainnet: SolanaNetwork = cluster(
  'Solana',
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
  'solana:mainnet',
  'https://api.mainnet-beta.solana.com',
  false,
)

/**
 * Solana devnet.
 * @example
 * import { solana, solanaDevnet } from '@gangway/kit/solana'
 * solana({ networks: [solanaDevnet] })
 */
export const solanaDevnet: SolanaNetwork = cluster(
  'Solana Devnet',
  'EtWTRABZaYq6iMfeYKouRuZ5QiiUV1JXGbAFdmgiAiv5',
  'solana:devnet',
  'https://api.devnet.solana.com',
  true,
  'devnet',
)

/**
 * Solana testnet.
 * @example
 * import { solana, solanaTestnet } from '@gangway/kit/solana'
 * solana({ networks: [solanaTestnet] })
 */
export const solanaTestnet: SolanaNetwork = cluster(
  'Solana Testnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
  'solana:testnet',
  'https://api.testnet.solana.com',
  true,
  'testnet',
)

/**
 * A local cluster (a test validator or `startSolanaNode`): every local node has its own genesis
 * hash, so the site passes it (`getGenesisHash` answers it).
 * @example
 * import { solana, solanaLocalnet } from '@gangway/kit/solana'
 * solana({ networks: [solanaLocalnet({ genesisHash: node.genesisHash, rpcUrl: node.url })] })
 * @param parameters - the node's genesis hash and URL, and a display name.
 * @returns the network, with Wallet Standard chain `solana:localnet`.
 * @throws RangeError when the genesis hash is not base58 of 32 to 44 characters.
 */
export function solanaLocalnet(parameters: {
  readonly genesisHash: string
  readonly rpcUrl: string
  readonly name?: string
}): SolanaNetwork {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(parameters.genesisHash)) {
    throw new RangeError('solanaLocalnet: genesisHash must be the base58 genesis hash')
  }
  return cluster(
    parameters.name ?? 'Solana Localnet',
    parameters.genesisHash,
    'solana:localnet',
    parameters.rpcUrl,
    true,
  )
}
