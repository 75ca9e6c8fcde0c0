/**
 * The indexer's schedule: one loop per chain that steps again at once while there is work and
 * every `pollIntervalMs` otherwise, wakes early when asked, reports each finished step to whoever
 * waits on progress, and keeps quiet about a node that is briefly not answering.
 * @module
 */
import {
  BaseError,
  HttpRequestError,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
} from 'viem'
import type { Logger } from '../log.js'
import { SolanaNodeUnreachableError } from './solanaReader.js'

/**
 * Whether a failure is the node not answering (stopped, restarting, unreachable) rather than an
 * answer: nothing about the chain follows from it.
 */
function isNodeUnreachable(error: unknown): boolean {
  const unreachable = (cause: unknown) =>
    cause instanceof SolanaNodeUnreachableError ||
    cause instanceof HttpRequestError ||
    cause instanceof TimeoutError ||
    cause instanceof WebSocketRequestError ||
    cause instanceof SocketClosedError
  return unreachable(error) || (error instanceof BaseError && error.walk(unreachable) !== null)
}

/**
 * ours: how many steps in a row a node may fail to answer before the outage is logged (once). A
 * node stopped with the server (the demo's Ctrl-C reaches both) is gone before the indexer stops;
 * that is no event worth a line.
 */
const UNREACHABLE_STEPS_BEFORE_LOG = 3

/** The step loops of every chain. */
export interface StepLoop {
  /** Starts a loop per chain (once). */
  start(chainIds: readonly string[]): void
  /** Runs one step now, tracked so `stop()` waits for it; resolves with what it indexed. */
  step(chainId: string): Promise<number>
  /** Asks a chain's loop for a step now; one in flight is followed by another at once. */
  wake(chainId: string): void
  /** Whether the chain has a loop running. */
  isLooping(chainId: string): boolean
  /** How many steps have started: a step numbered higher started after this call. */
  stepsStarted(): number
  /**
   * Calls `listener` with each step's number as it finishes (successfully or not).
   * @returns a function that stops the calls.
   */
  onProgress(listener: (sequence: number) => void): () => void
  /** Stops scheduling and resolves once no step is running. */
  stop(): Promise<void>
}

/**
 * Creates the step loops.
 * @param parameters - the step to run per chain, the poll interval, logger, and the signal that
 * says the indexer stopped.
 * @returns the loops, not yet started.
 */
export function createStepLoop(parameters: {
  readonly run: (chainId: string) => Promise<number>
  readonly pollIntervalMs: number
  readonly log: Logger
  readonly signal: AbortSignal
}): StepLoop {
  const { log, signal } = parameters
  let started = false
  const loops = new Map<
    string,
    {
      running: Promise<unknown>
      timer?: NodeJS.Timeout
      wake?: () => void
      again?: boolean
      /** Steps in a row the node did not answer. */
      unreachable?: number
    }
  >()
  const progress = new Set<(sequence: number) => void>()
  let stepsStarted = 0
  const inFlight = new Set<Promise<number>>()

  /** One step; tracked, so `stop()` waits for steps started from outside the loop too. */
  function step(chainId: string): Promise<number> {
    const running = runStep(chainId).finally(() => inFlight.delete(running))
    inFlight.add(running)
    return running
  }

  async function runStep(chainId: string): Promise<number> {
    stepsStarted += 1
    const sequence = stepsStarted
    try {
      return await parameters.run(chainId)
    } finally {
      for (const notify of progress) notify(sequence)
    }
  }

  function schedule(chainId: string, delay: number) {
    const loop = loops.get(chainId)!
    if (signal.aborted) return
    loop.timer = setTimeout(() => {
      loop.timer = undefined
      loop.wake = undefined
      loop.running = step(chainId).then(
        (done) => {
          if ((loop.unreachable ?? 0) >= UNREACHABLE_STEPS_BEFORE_LOG)
            log.info('indexer: node answers again', { chainId })
          loop.unreachable = 0
          const again = loop.again === true
          loop.again = false
          schedule(chainId, done > 0 || again ? 0 : parameters.pollIntervalMs)
        },
        (error: unknown) => {
          // Stopping: whatever failed on the way out is no news.
          if (signal.aborted) return
          if (isNodeUnreachable(error)) {
            loop.unreachable = (loop.unreachable ?? 0) + 1
            if (loop.unreachable === UNREACHABLE_STEPS_BEFORE_LOG)
              log.warn('indexer: node not answering; retrying', { chainId })
          } else {
            log.warn('indexer step failed', { chainId, error })
          }
          schedule(chainId, parameters.pollIntervalMs)
        },
      )
    }, delay)
    loop.wake = () => {
      if (!loop.timer) return
      clearTimeout(loop.timer)
      schedule(chainId, 0)
    }
  }

  return {
    start(chainIds) {
      if (started) return
      started = true
      for (const chainId of chainIds) {
        loops.set(chainId, { running: Promise.resolve() })
        schedule(chainId, 0)
      }
    },
    step,
    wake(chainId) {
      const loop = loops.get(chainId)
      if (!loop) return
      if (loop.timer) loop.wake?.()
      else loop.again = true
    },
    isLooping: (chainId) => loops.has(chainId),
    stepsStarted: () => stepsStarted,
    onProgress(listener) {
      progress.add(listener)
      return () => progress.delete(listener)
    },
    async stop() {
      for (const loop of loops.values()) if (loop.timer) clearTimeout(loop.timer)
      await Promise.allSettled([...loops.values()].map((loop) => loop.running))
      await Promise.allSettled([...inFlight])
    },
  }
}
