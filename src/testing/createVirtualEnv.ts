import { VirtualAction, VirtualTimeScheduler } from 'rxjs'
import { createIdSource, createMemoryStorage, type Env } from '../kernel/index.js'

/** A kit environment on virtual time, for tests: timers fire only when the test advances. */
export interface VirtualEnv extends Env {
  /** The memory storage, with `dump()` for assertions. */
  readonly storage: ReturnType<typeof createMemoryStorage>
  /** Moves virtual time forward, firing every timer due on the way. */
  advance(ms: number): void
  /** The virtual time now. */
  now(): number
}

/**
 * Creates an {@link Env} whose clock and scheduler are virtual: every spec timing (500 ms shake,
 * 150 ms snack gap, 30 s cooldowns, 4 min pairings) can be tested without sleeping.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { createVirtualEnv } from '@gangway/kit/testing'
 * const env = createVirtualEnv()
 * const kit = createKit({ plugins: [], env })
 * env.advance(500)
 * @param options - start time (ms since epoch) and initial storage entries.
 * @returns the environment.
 */
export function createVirtualEnv(
  options: { readonly startAt?: number; readonly storage?: Readonly<Record<string, string>> } = {},
): VirtualEnv {
  const scheduler = new VirtualTimeScheduler(VirtualAction, Number.POSITIVE_INFINITY)
  scheduler.frame = options.startAt ?? Date.UTC(2026, 0, 1)
  const storage = createMemoryStorage(options.storage)
  return {
    scheduler,
    clock: { now: () => scheduler.now() },
    ids: createIdSource('v'),
    storage,
    now: () => scheduler.now(),
    advance: (ms) => {
      const target = scheduler.frame + ms
      scheduler.maxFrames = target
      scheduler.flush()
      // flush() leaves the clock at the last timer it ran; time still passes to the target.
      scheduler.frame = target
      scheduler.maxFrames = Number.POSITIVE_INFINITY
    },
  }
}

/**
 * Lets pending promise callbacks run (wallet answers resolve as promises, not timers).
 * @example
 * import { settle } from '@gangway/kit/testing'
 * await settle()
 */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
