import type { CoreTypes } from '@walletconnect/types'

/** sign-client's key-value storage. */
export type Storage = NonNullable<CoreTypes.Options['storage']>

/** An in-memory key-value store, as sign-client keeps it (values survive a "reload" with it). */
export function memoryStorage(): Storage {
  const entries = new Map<string, string>()
  const storage = {
    getKeys: async () => [...entries.keys()],
    getEntries: async () =>
      [...entries].map(([key, value]): [string, unknown] => [key, JSON.parse(value)]),
    getItem: async (key: string) => {
      const value = entries.get(key)
      return value === undefined ? undefined : JSON.parse(value)
    },
    setItem: async (key: string, value: unknown) => {
      entries.set(key, JSON.stringify(value))
    },
    removeItem: async (key: string) => {
      entries.delete(key)
    },
  }
  return storage as unknown as Storage
}
