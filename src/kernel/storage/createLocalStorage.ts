import { createMemoryStorage } from './createMemoryStorage.js'
import type { StoragePort } from './types.js'

/** The browser's `localStorage` when it is there and writable; memory otherwise. */
function resolveStorage(): StoragePort {
  try {
    const native = (globalThis as { localStorage?: Storage }).localStorage
    if (!native) return createMemoryStorage()
    // Safari in some private modes exposes localStorage but throws on write.
    const probe = '__gangway_probe__'
    native.setItem(probe, probe)
    native.removeItem(probe)
    return {
      getItem: (key) => native.getItem(key),
      setItem: (key, value) => native.setItem(key, value),
      removeItem: (key) => native.removeItem(key),
    }
  } catch {
    return createMemoryStorage()
  }
}

/**
 * A {@link StoragePort} over the browser's `localStorage`. It reaches for `localStorage` on its
 * first use, never at import nor when created, so creating a kit touches no storage and server
 * rendering is safe; where `localStorage` is missing or blocked (a server, private mode,
 * sandboxed frames) it falls back to memory.
 * @example
 * import { createKit, createLocalStorage } from '@gangway/kit'
 * const kit = createKit({ plugins: [], storage: createLocalStorage() })
 * @returns the storage.
 */
export function createLocalStorage(): StoragePort {
  let resolved: StoragePort | undefined
  const storage = () => {
    resolved ??= resolveStorage()
    return resolved
  }
  return {
    getItem: (key) => storage().getItem(key),
    setItem: (key, value) => storage().setItem(key, value),
    removeItem: (key) => storage().removeItem(key),
  }
}
