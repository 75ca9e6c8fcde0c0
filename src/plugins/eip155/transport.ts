import { type Chain, fallback, http, type Transport } from 'viem'
import { FEES, LIMITS, TIMINGS } from '../../kernel/index.js'

/** Parameters of {@link createEip155Transport}. */
export interface Eip155TransportParameters {
  /** The chain. */
  readonly chain: Chain
  /** Configured node URLs; the first is preferred until ranking says otherwise. */
  readonly rpcUrls: readonly string[]
  /** A project id for the provider gateway, used when no node URL is configured. */
  readonly projectId?: string | undefined
  /** The gateway's base URL (§7): requests carry `chainId` and `projectId` query parameters. */
  readonly gatewayUrl?: string | undefined
  /** Ranking overrides, for tests; the §9 values otherwise. */
  readonly rank?: { readonly interval?: number; readonly timeout?: number } | undefined
}

/** The WalletConnect RPC gateway (§7), used only with a project id and no node URL. */
export const DEFAULT_GATEWAY_URL = 'https://rpc.walletconnect.org/v1/'

/**
 * The URLs the transport talks to: the configured node URLs, else the provider gateway with the
 * `chainId` and `projectId` query parameters (§7), else the chain's public defaults.
 * @example
 * import { mainnet } from 'viem/chains'
 * import { eip155RpcUrls } from 'gangway/eip155'
 * eip155RpcUrls({ chain: mainnet, rpcUrls: [], projectId: 'p' })
 * // ['https://rpc.walletconnect.org/v1/?chainId=eip155%3A1&projectId=p']
 */
export function eip155RpcUrls(parameters: Eip155TransportParameters): string[] {
  if (parameters.rpcUrls.length > 0) return [...parameters.rpcUrls]
  if (parameters.projectId) {
    const url = new URL(parameters.gatewayUrl ?? DEFAULT_GATEWAY_URL)
    url.searchParams.set('chainId', `eip155:${parameters.chain.id}`)
    url.searchParams.set('projectId', parameters.projectId)
    return [url.toString()]
  }
  return [...parameters.chain.rpcUrls.default.http]
}

/**
 * viem's own transports with the §9 settings: HTTP with a 10,000 ms timeout and batches of up to
 * 1,000 calls; several URLs go behind viem's `fallback`, ranked every 4,000 ms over 10 samples
 * with stability weighted 0.7 and latency 0.3 and a 1,000 ms ping timeout.
 * @example
 * import { createPublicClient } from 'viem'
 * import { mainnet } from 'viem/chains'
 * import { createEip155Transport } from 'gangway/eip155'
 * const client = createPublicClient({ chain: mainnet, transport: createEip155Transport({ chain: mainnet, rpcUrls: [] }) })
 * @returns a viem transport.
 */
export function createEip155Transport(parameters: Eip155TransportParameters): Transport {
  const transports = eip155RpcUrls(parameters).map((url) =>
    http(url, { timeout: TIMINGS.rpcHttpTimeoutMs, batch: { batchSize: LIMITS.rpcBatchSize } }),
  )
  const [only] = transports
  if (transports.length === 1 && only) return only
  return fallback(transports, {
    rank: {
      interval: parameters.rank?.interval ?? TIMINGS.fallbackPollMs,
      sampleCount: LIMITS.fallbackSampleCount,
      timeout: parameters.rank?.timeout ?? TIMINGS.fallbackPingTimeoutMs,
      weights: { stability: FEES.fallbackStabilityWeight, latency: FEES.fallbackLatencyWeight },
    },
  })
}
