import type { SchedulerLike, Subscription } from 'rxjs'

/**
 * ours (docs/decisions/0100-untrusted-wallet-input.md): wallet events closer together than this
 * reach the kit as one report (account and network changes, wallets registering or announcing). A single event waits one scheduler tick; a storm (an extension
 * firing accountsChanged thousands of times) is reported at most once per interval, with the
 * wallet's last word.
 */
export const WALLET_EVENT_INTERVAL_MS = 100

/** Merges bursts of calls into few flushes on a scheduler. @internal */
export interface Coalescer {
  /** Asks for a flush: on the next tick after a quiet interval, else at the interval's end. */
  request(): void
  /** Drops a flush that is waiting. */
  cancel(): void
}

/**
 * A leading-and-trailing throttle on the kit's scheduler (virtual in tests): the first request
 * after a quiet {@link WALLET_EVENT_INTERVAL_MS} flushes on the next tick; later ones share one
 * flush at the end of the interval. `flush` reads whatever state the requests left behind.
 * @example
 * const coalescer = createCoalescer(env.scheduler, () => report(latest))
 * coalescer.request()
 * @internal
 */
export function createCoalescer(scheduler: SchedulerLike, flush: () => void): Coalescer {
  let timer: Subscription | undefined
  let lastFlushAt = Number.NEGATIVE_INFINITY
  return {
    request: () => {
      if (timer) return
      const wait = Math.max(0, lastFlushAt + WALLET_EVENT_INTERVAL_MS - scheduler.now())
      timer = scheduler.schedule(() => {
        timer = undefined
        lastFlushAt = scheduler.now()
        flush()
      }, wait)
    },
    cancel: () => {
      timer?.unsubscribe()
      timer = undefined
    },
  }
}
