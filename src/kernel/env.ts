import { asyncScheduler, type SchedulerLike } from 'rxjs'
import { createLocalStorage } from './storage/createLocalStorage.js'
import type { StoragePort } from './storage/types.js'

/** A source of the current time in milliseconds. */
export interface Clock {
  now(): number
}

/** A source of unique ids. */
export interface IdSource {
  next(): string
}

/**
 * The part of `fetch` the kernel uses (the wallet registry client), so tests and servers can pass
 * their own. The global `fetch` fits.
 */
export type FetchLike = (
  url: string,
  init: {
    readonly headers: Record<string, string>
    readonly signal: AbortSignal
    /** `GET` when omitted. */
    readonly method?: 'GET' | 'POST'
    /** A JSON body, for `POST`. */
    readonly body?: string
  },
) => Promise<{ readonly ok: boolean; readonly status: number; json(): Promise<unknown> }>

/**
 * Everything impure the kernel needs, injectable so tests run in virtual time with no real storage
 * (TanStack Query's managers, made explicit).
 */
export interface Env {
  /** Stamps `meta.at` and answers "how long ago". */
  readonly clock: Clock
  /** Event ids and correlation ids. */
  readonly ids: IdSource
  /** Where persisted state lives. */
  readonly storage: StoragePort
  /** Every timer of the kit runs on this scheduler. */
  readonly scheduler: SchedulerLike
  /** HTTP for the wallet registry; the global `fetch` when absent. */
  readonly fetch?: FetchLike
}

/**
 * Builds the default {@link Env}, with any part replaced. The clock defaults to the scheduler's
 * time so a virtual scheduler moves both together.
 * @example
 * import { createEnv, createMemoryStorage } from '@gangway/kit'
 * const env = createEnv({ storage: createMemoryStorage() })
 * @param overrides - the parts to replace.
 * @returns the environment.
 */
export function createEnv(overrides: Partial<Env> = {}): Env {
  const scheduler = overrides.scheduler ?? asyncScheduler
  return {
    scheduler,
    clock: overrides.clock ?? { now: () => scheduler.now() },
    ids: overrides.ids ?? createIdSource(),
    storage: overrides.storage ?? createLocalStorage(),
    // Looked up when called, not now: creating a kit touches no browser global.
    fetch: overrides.fetch ?? ((url, init) => globalThis.fetch(url, init)),
  }
}

/**
 * A counter-based id source with a random prefix: unique within a page, cheap, and predictable
 * in tests when given a fixed prefix.
 * @example
 * import { createIdSource } from '@gangway/kit'
 * createIdSource('t').next() // 't-1'
 * @param prefix - the prefix; random when omitted.
 * @returns the id source.
 */
export function createIdSource(prefix?: string): IdSource {
  const head = prefix ?? Math.random().toString(36).slice(2, 10)
  let counter = 0
  return {
    next: () => {
      counter += 1
      return `${head}-${counter}`
    },
  }
}
