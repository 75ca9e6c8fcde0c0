import { defer, EMPTY, filter, from, map, mergeMap, of } from 'rxjs'
import type { Namespace } from '../caip.js'
import type { EventInput } from '../events/types.js'
import type { KitState } from '../state.js'
import {
  type DiscardedKey,
  readPersisted,
  STORAGE_PREFIX,
  selectPersisted,
} from '../storage/persisted.js'
import type { StoragePort } from '../storage/types.js'
import type { Effect } from './types.js'

/** What the storage effects share with the rest of the kit (see {@link createStorageEffects}). */
export interface StorageEffects {
  readonly restore: Effect
  readonly persist: Effect
  /** Records text already in storage for a key, so the first write of the same value is skipped. */
  remember(key: string, text: string): void
}

/**
 * Removes the stored keys that are unusable as a whole and returns a `storage/discarded` report
 * for every key that was not trusted.
 * @internal
 */
export function discardStoredKeys(
  storage: StoragePort,
  discarded: readonly DiscardedKey[],
): EventInput[] {
  const events: EventInput[] = []
  for (const entry of discarded) {
    events.push({ type: 'storage/discarded', payload: { key: entry.key, reason: entry.reason } })
    if (!entry.whole) continue
    try {
      storage.removeItem(entry.key)
    } catch {
      // A store that refuses removal keeps the key; it is discarded again next load.
    }
  }
  return events
}

/**
 * The two storage effects, sharing what was last read or written per key.
 * - `restore` (once: at start, or when a server-rendered page has hydrated): reads every core persisted key, removes keys that were corrupt or
 *   foreign (so they are reported once, not at every load), and emits `storage/discarded` for
 *   each and one `storage/restored`. A feature's keys are read when its code loads.
 * - `persist` (every state change once `restore` ran, in order): writes each key, core or a loaded feature's, when,
 *   and only when, its JSON changes. Each key is written whole, so a failed write (quota, blocked
 *   storage) never leaves a half-written value; it is reported as `storage/discarded` and state is
 *   unaffected.
 * @param namespaces - the registered namespaces; stored data for others is foreign.
 * @param featureValues - the values the loaded features keep, by key.
 */
export function createStorageEffects(
  namespaces: readonly Namespace[],
  featureValues: (state: KitState) => Record<string, unknown> = () => ({}),
): StorageEffects {
  const written = new Map<string, string>()
  // Until storage was read, what the kit holds says nothing about what storage holds: writing
  // then would overwrite the visitor's stored session with a page's first state.
  let restored = false
  const restore: Effect = ({ env }) =>
    defer(() => {
      restored = true
      const read = readPersisted(env.storage, namespaces)
      for (const [key, text] of Object.entries(read.raw)) {
        if (text !== undefined) written.set(key, text)
      }
      return from([
        ...discardStoredKeys(env.storage, read.discarded),
        { type: 'storage/restored', payload: read.restored } satisfies EventInput,
      ])
    })

  const persist: Effect = ({ transitions$, env }) =>
    transitions$.pipe(
      // Only a changed state can change what is stored; this also stops a failed write's report
      // from triggering the same failing write again.
      filter(({ before, after }) => restored && before !== after),
      map(({ after }) => ({ ...selectPersisted(after), ...featureValues(after) })),
      mergeMap((persisted) => {
        const failures: EventInput[] = []
        for (const [key, value] of Object.entries(persisted)) {
          const isEmpty =
            value === null ||
            value === undefined ||
            (Array.isArray(value) && value.length === 0) ||
            (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)
          const text = isEmpty ? null : JSON.stringify(value)
          const previous = written.get(key) ?? null
          if (text === previous) continue
          try {
            if (text === null) env.storage.removeItem(STORAGE_PREFIX + key)
            else env.storage.setItem(STORAGE_PREFIX + key, text)
            if (text === null) written.delete(key)
            else written.set(key, text)
          } catch (error) {
            failures.push({
              type: 'storage/discarded',
              payload: { key: STORAGE_PREFIX + key, reason: `write failed: ${String(error)}` },
            })
          }
        }
        return failures.length ? of(...failures) : EMPTY
      }),
    )
  return {
    restore,
    persist,
    remember: (key, text) => {
      written.set(key, text)
    },
  }
}
