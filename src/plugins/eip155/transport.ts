import { type Chain, type EIP1193RequestFn, http, type Transport } from 'viem'
import { FEES, KitError, LIMITS, TIMINGS, untilAborted } from '../../kernel/index.js'
import { toEip155ChainId } from './chainIds.js'
import { createRankedFallback } from './rankedFallback.js'

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
 * import { eip155RpcUrls } from '@gangway/kit/eip155'
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
 * `transport`, checked once against the chain it is configured for: its first request goes out
 * alongside `eth_chainId` (in parallel, no extra round trip), and the answer is used only if the
 * node serves the configured chain. A node of another chain (a chain-5 node configured as chain 1)
 * fails that request and every later one, without being asked again, with an error naming both
 * chains; behind `fallback` it is then skipped. A node that could not be asked (down, timed out)
 * is asked again with the next request.
 */
function verifiedTransport(transport: Transport, chainId: number): Transport {
  const expected = `eip155:${chainId}`
  let verifying: Promise<void> | undefined
  let refusal: KitError | undefined
  const check = (answer: unknown) => {
    const served = toEip155ChainId(answer)
    if (served === chainId) return
    refusal = new KitError('RPC_CHAIN_MISMATCH', {
      details:
        served === undefined
          ? `The node for ${expected} answered eth_chainId with an unexpected value.`
          : `The node serves eip155:${served}, not the configured ${expected}: check rpcUrls.`,
    })
    throw refusal
  }
  return (options) => {
    const inner = transport(options)
    const request = (async (args, requestOptions) => {
      if (refusal) throw refusal
      verifying ??= (inner.request({ method: 'eth_chainId' }) as Promise<unknown>).then(
        check,
        (error: unknown) => {
          verifying = undefined
          throw error
        },
      )
      const verified = untilAborted(verifying, requestOptions?.signal)
      // A failed request fails at once, as it would unverified; the check is still observed.
      verified.catch(() => undefined)
      const answer = await inner.request(args, requestOptions)
      await verified
      return answer
    }) as EIP1193RequestFn
    return { ...inner, request }
  }
}

/**
 * viem's own transports with the §9 settings: HTTP with a 10,000 ms timeout and batches of up to
 * 1,000 calls; several URLs go behind viem's `fallback`, ranked every 4,000 ms over 10 samples
 * with stability weighted 0.7 and latency 0.3 and a 1,000 ms ping timeout (each request keeps
 * the order it started with). viem's retries are off
 * (`retryCount: 0`): the §9 timeout is the visitor's whole wait, not one of four
 * (docs/decisions/0101-rpc-reads-budget.md). Each node's chain is verified once (`eth_chainId`).
 * @example
 * import { createPublicClient } from 'viem'
 * import { mainnet } from 'viem/chains'
 * import { createEip155Transport } from '@gangway/kit/eip155'
 * const client = createPublicClient({ chain: mainnet, transport: createEip155Transport({ chain: mainnet, rpcUrls: [] }) })
 * @param parameters - the chain, its node URLs, the gateway's project id and ranking overrides.
 * @returns a viem transport.
 */
export function createEip155Transport(parameters: Eip155TransportParameters): Transport {
  const transports = eip155RpcUrls(parameters).map((url) =>
    verifiedTransport(
      http(url, {
        timeout: TIMINGS.rpcHttpTimeoutMs,
        retryCount: 0,
        batch: { batchSize: LIMITS.rpcBatchSize },
      }),
      parameters.chain.id,
    ),
  )
  const [only] = transports
  if (transports.length === 1 && only) return only
  return createRankedFallback(transports, {
    interval: parameters.rank?.interval ?? TIMINGS.fallbackPollMs,
    sampleCount: LIMITS.fallbackSampleCount,
    timeout: parameters.rank?.timeout ?? TIMINGS.fallbackPingTimeoutMs,
    weights: { stability: FEES.fallbackStabilityWeight, latency: FEES.fallbackLatencyWeight },
  })
}
