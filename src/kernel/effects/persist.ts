import { EMPTY, filter, map, mergeMap, of } from 'rxjs'
import type { EventInput } from '../events/types.js'
import { type PersistedKey, STORAGE_PREFIX, selectPersisted } from '../storage/persisted.js'
import type { Effect } from './types.js'

/**
 * Writes each persisted key when, and only when, its JSON changes. Each key is written whole, so a
 * failed write (quota, blocked storage) never leaves a half-written value; it is reported as
 * `storage/discarded` and state is unaffected.
 * @param initial - the raw text read at start, so unchanged keys are not rewritten.
 */
export function createPersistEffect(initial: Partial<Record<PersistedKey, string>>): Effect {
  return ({ transitions$, env }) => {
    const written = new Map<PersistedKey, string>(
      Object.entries(initial) as [PersistedKey, string][],
    )
    return transitions$.pipe(
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
            (typeof value === 'object' &&
              value !== null &&
              !Array.isArray(value) &&
              Object.keys(value).length === 0)
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
  }
}
