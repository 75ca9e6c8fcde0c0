import type { StoragePort } from './types.js'

/**
 * A {@link StoragePort} in memory: the default on servers and in tests.
 * @example
 * import { createMemoryStorage } from '@gangway/kit'
 * const storage = createMemoryStorage({ 'gangway:v1:recentWallets': '[]' })
 * @param initial - entries to start with.
 * @returns the storage.
 */
export function createMemoryStorage(initial: Readonly<Record<string, string>> = {}): StoragePort & {
  /** A copy of what is stored, for assertions. */
  dump(): Record<string, string>
} {
  const entries = new Map(Object.entries(initial))
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, value)
    },
    removeItem: (key) => {
      entries.delete(key)
    },
    dump: () => Object.fromEntries(entries),
  }
}
