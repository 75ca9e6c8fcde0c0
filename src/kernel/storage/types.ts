/**
 * The persistence port: a synchronous key-value store shaped like `localStorage`, so the browser's
 * own storage plugs in directly and tests use memory.
 */
export interface StoragePort {
  /** The stored text, or `null`. */
  getItem(key: string): string | null
  /** Stores text; may throw when the store is full or blocked. */
  setItem(key: string, value: string): void
  /** Forgets a key. */
  removeItem(key: string): void
}
