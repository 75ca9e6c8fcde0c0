import * as z from 'zod/mini'
import type { Namespace } from '../caip.js'
import {
  accountTypeSchema,
  caipNetworkIdSchema,
  namespaceSchema,
  recentWalletSchema,
  siwxSessionSchema,
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
  siwxSessions: z.array(siwxSessionSchema),
  walletConnectTopics: z.array(z.string()),
  activeNamespace: namespaceSchema,
} as const

/** A persisted key. */
export type PersistedKey = keyof typeof PERSISTED_KEYS

/** The persisted part of state, by key. */
export function selectPersisted(state: KitState): Record<PersistedKey, unknown> {
  const byNamespace = <TValue>(pick: (id: Namespace) => TValue | null | undefined) => {
    const out: Record<string, TValue> = {}
    for (const id of state.chains.ids) {
      const value = pick(id)
      if (value !== null && value !== undefined) out[id] = value
    }
    return out
  }
  return {
    recentWallets: state.recentWallets,
    connectorIds: state.session.connectorIds,
    networkIds: byNamespace((id) => state.chains.entities[id]?.networkState.caipNetworkId),
    accountTypes: byNamespace((id) => state.chains.entities[id]?.accountState.preferredAccountType),
    siwxSessions: state.siwx.sessions,
    walletConnectTopics: state.walletConnect.sessionTopics,
    activeNamespace: state.activeNamespace,
  }
}

/** What reading storage found. */
export interface PersistedRead {
  readonly restored: PayloadOf<'storage/restored'>
  /** What was dropped; `whole` when the key as a whole is unusable and should be removed. */
  readonly discarded: readonly {
    readonly key: string
    readonly reason: string
    readonly whole: boolean
  }[]
  /** The raw text read per clean key, so the first write can skip what is already there. */
  readonly raw: Partial<Record<PersistedKey, string>>
}

/**
 * Reads every persisted key. Each is checked on its own: text that is not JSON, fails its schema,
 * or names namespaces this site does not register is discarded (and reported), never trusted and
 * never a crash; the other keys still load.
 * @internal
 */
export function readPersisted(
  storage: StoragePort,
  namespaces: readonly Namespace[],
): PersistedRead {
  const restored: Record<string, unknown> = {}
  const discarded: { key: string; reason: string; whole: boolean }[] = []
  const raw: Partial<Record<PersistedKey, string>> = {}
  const known = new Set(namespaces)
  for (const key of Object.keys(PERSISTED_KEYS) as PersistedKey[]) {
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
    const parsed = (PERSISTED_KEYS[key] as z.ZodMiniType).safeParse(value)
    if (!parsed.success) {
      discarded.push({ key: storageKey, reason: 'Invalid input', whole: true })
      continue
    }
    let data = parsed.data as unknown
    if (key === 'activeNamespace' && !known.has(data as string)) {
      discarded.push({ key: storageKey, reason: `unknown namespace ${String(data)}`, whole: true })
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
        data = Object.fromEntries(entries.filter((entry) => !foreign.includes(entry)))
        restored[key] = data
        continue
      }
    }
    raw[key] = text
    restored[key] = data
  }
  return { restored: restored as PayloadOf<'storage/restored'>, discarded, raw }
}
