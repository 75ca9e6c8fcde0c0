import type { CoreTypes } from '@walletconnect/types'

/** sign-client's key-value storage, in memory, so a test's dapp side leaves nothing on disk. */
export function memoryKeyValueStorage(): NonNullable<CoreTypes.Options['storage']> {
  const entries = new Map<string, unknown>()
  return {
    getKeys: async () => [...entries.keys()],
    getEntries: async () => [...entries],
    getItem: async (key: string) => entries.get(key),
    setItem: async (key: string, value: unknown) => {
      entries.set(key, structuredClone(value))
    },
    removeItem: async (key: string) => {
      entries.delete(key)
    },
  } as unknown as NonNullable<CoreTypes.Options['storage']>
}
