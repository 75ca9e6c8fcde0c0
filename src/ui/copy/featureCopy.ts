/**
 * A feature's copy per language: English inline (it is the fallback, so it ships with the
 * feature's views), every other language a loader of a module of its own, fetched the first time a
 * page shows the feature in that language. A page that shows the swap view in Arabic fetches the
 * swap view's Arabic and nothing of its other ten languages.
 * @module
 */

/** Text by message id in one language. */
export type FeatureMessages = Readonly<Record<string, string>>

/** One language of a feature's copy: the texts, or a loader of the module that has them. */
export type FeatureCopyEntry = FeatureMessages | (() => Promise<FeatureMessages>)

/**
 * A feature's copy by BCP 47 language tag (`en` complete and inline; the others inline or lazy).
 * @example
 * import type { FeatureCopy } from '@gangway/kit/react'
 * export const tipMessages: FeatureCopy = {
 *   en: { 'tip.title': 'Leave a tip' },
 *   fr: () => import('./locales/fr.js').then((module) => module.fr),
 * }
 * @see /docs/react.md#languages
 */
export type FeatureCopy = Readonly<Record<string, FeatureCopyEntry>>

// Module data, not per kit: the same copy object serves every kit and provider on the page.
const loaded = new WeakMap<FeatureCopy, Map<string, FeatureMessages>>()
const pending = new WeakMap<FeatureCopy, Map<string, Promise<void>>>()
const listeners = new Set<() => void>()
let version = 0

/** The entry of `copy` a tag reads: the tag itself, else its language (`pt-BR` → `pt`). */
function keyOf(copy: FeatureCopy, tag: string): string | undefined {
  if (tag in copy) return tag
  const language = tag.split('-')[0]!
  return language in copy ? language : undefined
}

/**
 * The texts of `copy` in a language if they are here: inline, or loaded before. `undefined` while
 * a lazy language has not arrived (its ids then read in English).
 * @internal
 */
export function copyIn(copy: FeatureCopy | undefined, tag: string): FeatureMessages | undefined {
  if (!copy) return undefined
  const key = keyOf(copy, tag)
  if (key === undefined) return undefined
  const entry = copy[key]!
  return typeof entry === 'function' ? loaded.get(copy)?.get(key) : entry
}

/**
 * Fetches a lazy language of `copy` (once; later calls share the fetch). Resolves at once for an
 * inline language or one `copy` does not have. A failed fetch leaves the language in English and
 * may be tried again.
 * @internal
 */
export function loadCopy(copy: FeatureCopy | undefined, tag: string): Promise<void> {
  if (!copy) return Promise.resolve()
  const key = keyOf(copy, tag)
  const entry = key === undefined ? undefined : copy[key]
  if (typeof entry !== 'function' || loaded.get(copy)?.has(key!)) return Promise.resolve()
  let inFlight = pending.get(copy)
  if (!inFlight) {
    inFlight = new Map()
    pending.set(copy, inFlight)
  }
  const known = inFlight.get(key!)
  if (known) return known
  const fetching = entry().then(
    (messages) => {
      let byKey = loaded.get(copy)
      if (!byKey) {
        byKey = new Map()
        loaded.set(copy, byKey)
      }
      byKey.set(key!, messages)
      inFlight.delete(key!)
      version++
      for (const listener of listeners) listener()
    },
    () => {
      // A chunk that failed to load (offline, a deploy replaced it) is asked for again next time.
      inFlight.delete(key!)
    },
  )
  inFlight.set(key!, fetching)
  return fetching
}

/** Calls `listener` whenever a lazy language arrives. @internal */
export function subscribeCopy(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Changes whenever a lazy language arrives, for `useSyncExternalStore`. @internal */
export function copyVersion(): number {
  return version
}
