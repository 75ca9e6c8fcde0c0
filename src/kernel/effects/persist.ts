import { defer, EMPTY, filter, from, map, mergeMap, of } from 'rxjs'
import type { Namespace } from '../caip.js'
import type { EventInput } from '../events/types.js'
import {
  type PersistedKey,
  readPersisted,
  STORAGE_PREFIX,
  selectPersisted,
} from '../storage/persisted.js'
import type { Effect } from './types.js'

/**
 * The two storage effects, sharing what was last read or written per key.
 * - `restore` (once, at start): reads every persisted key, removes keys that were corrupt or
 *   foreign (so they are reported once, not at every load), and emits `storage/discarded` for
 *   each and one `storage/restored`.
 * - `persist` (every state change, in order): writes each key when, and only when, its JSON
 *   changes. Each key is written whole, so a failed write (quota, blocked storage) never leaves a
 *   half-written value; it is reported as `storage/discarded` and state is unaffected.
 * @param namespaces - the registered namespaces; stored data for others is foreign.
 */
export function createStorageEffects(namespaces: readonly Namespace[]): {
  readonly restore: Effect
  readonly persist: Effect
} {
  const written = new Map<PersistedKey, string>()
  const restore: Effect = ({ env }) =>
    defer(() => {
      const read = readPersisted(env.storage, namespaces)
      for (const [key, text] of Object.entries(read.raw) as [PersistedKey, string][]) {
        written.set(key, text)
      }
      const events: EventInput[] = []
      for (const discarded of read.discarded) {
        events.push({
          type: 'storage/discarded',
          payload: { key: discarded.key, reason: discarded.reason },
        })
        if (discarded.whole) {
          try {
            env.storage.removeItem(discarded.key)
          } catch {
            // A store that refuses removal keeps the key; it is discarded again next load.
          }
        }
      }
      events.push({ type: 'storage/restored', payload: read.restored })
      return from(events)
    })

  const persist: Effect = ({ transitions$, env }) =>
    transitions$.pipe(
      // Only a changed state can change what is stored; this also stops a failed write's report
      // from triggering the same failing write again.
      filter(({ before, after }) => before !== after),
      map(({ after }) => selectPersisted(after)),
      mergeMap((persisted) => {
        const failures: EventInput[] = []
        for (const key of Object.keys(persisted) as PersistedKey[]) {
          const value = persisted[key]
          const isEmpty =
            value === null ||
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
  return { restore, persist }
}
