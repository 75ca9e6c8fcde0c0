import { type EIP1193RequestFn, fallback, type Transport } from 'viem'

/** How nodes are ranked: the §9 values, or test overrides. @internal */
export interface RankParameters {
  /** Milliseconds between samples. */
  readonly interval: number
  /** Milliseconds a ping may take before it counts as failed. */
  readonly timeout: number
  /** How many samples the score is taken over. */
  readonly sampleCount: number
  /** Score weights of stability (share of pings answered) and latency. */
  readonly weights: { readonly stability: number; readonly latency: number }
}

interface Sample {
  readonly latency: number
  readonly success: number
}

/**
 * viem's `fallback` over `transports`, ranked the way viem's `rank` option ranks them (a
 * `net_listening` ping to every node each interval; score = stability × weight + (1 − mean
 * latency / max latency) × weight; a node that never answered scores 0), except that each request
 * walks one fixed order. viem's own ranking reorders the list a request is walking: a request
 * that failed on the first node can then be retried on that same node, and fail, while the live
 * one is skipped (it happens when a ping and a read fail on a dead node at the same moment).
 * Ranking starts with the first request and runs on real timers, as viem's does; it is not a wait
 * anyone sees.
 * @param transports - the nodes, in configured order.
 * @param rank - sampling and scoring.
 * @returns one transport.
 * @internal
 */
export function createRankedFallback(
  transports: readonly Transport[],
  rank: RankParameters,
): Transport {
  let order: readonly Transport[] = transports
  let isRanking = false
  const samples: Sample[][] = []

  const sample = async (config: Parameters<Transport>[0]) => {
    const taken = await Promise.all(
      transports.map(async (transport): Promise<Sample> => {
        const started = Date.now()
        try {
          await transport({ ...config, retryCount: 0, timeout: rank.timeout }).request({
            method: 'net_listening',
          })
          return { latency: Date.now() - started, success: 1 }
        } catch {
          return { latency: Date.now() - started, success: 0 }
        }
      }),
    )
    samples.push(taken)
    if (samples.length > rank.sampleCount) samples.shift()
    const maxLatency = Math.max(1, ...samples.flatMap((round) => round.map((one) => one.latency)))
    const scores = transports.map((transport, index) => {
      const stability =
        samples.reduce((sum, round) => sum + round[index]!.success, 0) / samples.length
      if (stability === 0) return { transport, score: 0, index }
      const latency =
        samples.reduce((sum, round) => sum + round[index]!.latency, 0) / samples.length
      const score =
        rank.weights.latency * (1 - latency / maxLatency) + rank.weights.stability * stability
      return { transport, score, index }
    })
    order = scores
      .sort((left, right) => right.score - left.score || left.index - right.index)
      .map(({ transport }) => transport)
  }
  const loop = (config: Parameters<Transport>[0]) => {
    void sample(config).finally(() => setTimeout(() => loop(config), rank.interval))
  }

  return (config) => {
    if (!isRanking) {
      isRanking = true
      loop(config)
    }
    const current = fallback(transports, { retryCount: 0 })(config)
    const request = ((args, options) =>
      // The order at the request's start, kept for all its attempts.
      fallback(order, { retryCount: 0 })(config).request(args, options)) as EIP1193RequestFn
    return { ...current, request }
  }
}
