import * as z from 'zod/mini'
import type { Namespace } from '../caip.js'
import {
  accountTypeSchema,
  caipNetworkIdSchema,
  namespaceSchema,
  recentWalletSchema,
} from '../domain.js'
import type { PayloadOf } from '../events/types.js'
import type { KitState } from '../state.js'
import type { StoragePort } from './types.js'

/** The storage key prefix; the version changes when a stored shape does. */
export const STORAGE_PREFIX = 'gangway:v1:'

const namespaceRecord = <TValue extends z.ZodMiniType>(value: TValue) =>
  z.record(namespaceSchema, value)

/** What survives a reload, one storage key each, with the schema its stored JSON must pass. */
export const PERSISTED_KEYS = {
  recentWallets: z.array(recentWalletSchema),
  connectorIds: namespaceRecord(z.string().check(z.minLength(1))),
  networkIds: namespaceRecord(caipNetworkIdSchema),
  accountTypes: namespaceRecord(accountTypeSchema),
  activeNamespace: namespaceSchema,
} as const

/** A persisted key. */
export type PersistedKey = keyof typeof PERSISTED_KEYS

/** The persisted part of state, by key. */
export function selectPersisted(state: KitState): Record<PersistedKey, unknown> {
  const byNamespace = <TValue>(pick: (id: Namespace) => TValue | null | undefined) => {
    const out: Record<string, TValue> = {}
    for (const id of state.namespaces.ids) {
      const value = pick(id)
      if (value !== null && value !== undefined) out[id] = value
    }
    return out
  }
  return {
    recentWallets: state.recentWallets,
    connectorIds: state.session.connectorIds,
    networkIds: byNamespace((id) => state.namespaces.entities[id]?.networkState.caipNetworkId),
    accountTypes: byNamespace(
      (id) => state.namespaces.entities[id]?.accountState.preferredAccountType,
    ),
    activeNamespace: state.activeNamespace,
  }
}

/** What reading storage found. */
export interface PersistedRead {
  readonly restored: PayloadOf<'storage/restored'>
  /** What was dropped; `whole` when the key as a whole is unusable and should be removed. */
  readonly discarded: readonly DiscardedKey[]
  /** The raw text read per clean key, so the first write can skip what is already there. */
  readonly raw: Partial<Record<string, string>>
}

/** A stored key that was not trusted. */
export interface DiscardedKey {
  readonly key: string
  readonly reason: string
  /** The key as a whole is unusable and should be removed. */
  readonly whole: boolean
}

/**
 * Reads keys under the prefix, each checked on its own against its schema: text that is not JSON
 * or fails its schema is discarded (and reported), never trusted and never a crash; the other
 * keys still load. Serves the core keys and each feature's.
 * @internal
 */
export function readStoredKeys(
  storage: StoragePort,
  schemas: Readonly<Record<string, z.ZodMiniType>>,
): {
  readonly values: Record<string, unknown>
  readonly discarded: DiscardedKey[]
  readonly raw: Record<string, string>
} {
  const values: Record<string, unknown> = {}
  const discarded: DiscardedKey[] = []
  const raw: Record<string, string> = {}
  for (const [key, schema] of Object.entries(schemas)) {
    const storageKey = STORAGE_PREFIX + key
    let text: string | null
    try {
      text = storage.getItem(storageKey)
    } catch (error) {
      discarded.push({ key: storageKey, reason: `unreadable: ${String(error)}`, whole: false })
      continue
    }
    if (text === null) continue
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      discarded.push({ key: storageKey, reason: 'not JSON', whole: true })
      continue
    }
    const parsed = schema.safeParse(value)
    if (!parsed.success) {
      discarded.push({ key: storageKey, reason: 'Invalid input', whole: true })
      continue
    }
    raw[key] = text
    values[key] = parsed.data
  }
  return { values, discarded, raw }
}

/**
 * Reads every core persisted key (see {@link readStoredKeys}); keys that name namespaces this site
 * does not register lose those entries.
 * @internal
 */
export function readPersisted(
  storage: StoragePort,
  namespaces: readonly Namespace[],
): PersistedRead {
  const { values, discarded, raw } = readStoredKeys(storage, PERSISTED_KEYS)
  const restored: Record<string, unknown> = {}
  const known = new Set(namespaces)
  for (const key of Object.keys(values) as PersistedKey[]) {
    const storageKey = STORAGE_PREFIX + key
    const data = values[key]
    if (key === 'activeNamespace' && !known.has(data as string)) {
      discarded.push({ key: storageKey, reason: `unknown namespace ${String(data)}`, whole: true })
      delete raw[key]
      continue
    }
    if (key === 'connectorIds' || key === 'networkIds' || key === 'accountTypes') {
      const entries = Object.entries(data as Record<string, string>)
      const foreign = entries.filter(
        ([namespace, entry]) =>
          !known.has(namespace) || (key === 'networkIds' && !entry.startsWith(`${namespace}:`)),
      )
      if (foreign.length > 0) {
        const kept = entries.length - foreign.length
        discarded.push({
          key: storageKey,
          reason: `foreign entries ${foreign.map(([namespace]) => namespace).join(', ')}`,
          // With nothing left the key is removed, else it would be reported at every load.
          whole: kept === 0,
        })
        // Not recorded as read, so the next write replaces the stored text without them.
        delete raw[key]
        restored[key] = Object.fromEntries(entries.filter((entry) => !foreign.includes(entry)))
        continue
      }
    }
    restored[key] = data
  }
  return { restored: restored as PayloadOf<'storage/restored'>, discarded, raw }
}
