import type { Draft } from 'immer'
import { LIMITS } from '../constants.js'
import type { RecentWallet } from '../domain.js'
import type { KitEvent } from '../events/types.js'
import type { KitState } from '../state.js'
import { defineSliceReducer } from './defineSliceReducer.js'

/** §3 recent wallets: most recent first, no duplicates, 2 kept (§9). */
export function addRecentWallet(
  list: readonly RecentWallet[],
  wallet: RecentWallet,
): RecentWallet[] {
  return [wallet, ...list.filter((entry) => entry.id !== wallet.id)].slice(
    0,
    LIMITS.recentWalletsKept,
  )
}

function normalizeRecent(list: readonly RecentWallet[]): RecentWallet[] {
  return [...list]
    .reverse()
    .reduce<RecentWallet[]>((acc, wallet) => addRecentWallet(acc, wallet), [])
}

type SessionKeys = 'recentWallets' | 'session'

function reduceSession(
  draft: Draft<Pick<KitState, SessionKeys>>,
  event: KitEvent,
  root: KitState,
): void {
  switch (event.type) {
    case 'storage/restored': {
      const { recentWallets, connectorIds } = event.payload
      if (recentWallets) draft.recentWallets = normalizeRecent(recentWallets)
      if (connectorIds) {
        for (const [namespace, connectorId] of Object.entries(connectorIds)) {
          if (root.namespaces.entities[namespace])
            draft.session.connectorIds[namespace] = connectorId
        }
      }
      return
    }
    case 'connection/succeeded': {
      const { recentWallet, namespace, connectorId } = event.payload
      if (!root.namespaces.entities[namespace]) return
      if (recentWallet) {
        const current = draft.recentWallets[0]
        if (current?.id !== recentWallet.id || draft.recentWallets.length === 0) {
          draft.recentWallets = addRecentWallet(draft.recentWallets, recentWallet)
        }
      }
      if (draft.session.connectorIds[namespace] !== connectorId) {
        draft.session.connectorIds[namespace] = connectorId
      }
      return
    }
    case 'connection/failed':
      // A failed silent reconnect means the stored connector is gone: forget it.
      if (event.payload.silent) delete draft.session.connectorIds[event.payload.namespace]
      return
    case 'wallet/disconnected':
      delete draft.session.connectorIds[event.payload.namespace]
      return
    case 'disconnection/succeeded':
      for (const namespace of event.payload.namespaces) delete draft.session.connectorIds[namespace]
      return
    default:
      return
  }
}

/**
 * What survives a reload besides networks and account types: recent wallets, connector ids per
 * namespace.
 */
export const sessionReducer = defineSliceReducer({
  keys: ['recentWallets', 'session'],
  handles: [
    'storage/restored',
    'connection/succeeded',
    'connection/failed',
    'wallet/disconnected',
    'disconnection/succeeded',
  ],
  recipe: reduceSession,
})
