import {
  type FeatureSlice,
  type KitEvent,
  type KitState,
  type SiwxSession,
  selectDisconnectTargets,
} from '../../kernel/index.js'

/** Sign-in sessions, per account and network. */
export interface SiwxState {
  sessions: SiwxSession[]
}

const keyOf = (session: SiwxSession) =>
  `${session.data.chainId}:${session.data.accountAddress}`.toLowerCase()

function reduceSiwx(state: SiwxState, event: KitEvent, root: KitState): SiwxState | undefined {
  switch (event.type) {
    case 'siwx/sessionAdded': {
      const { session } = event.payload
      return {
        sessions: [...state.sessions.filter((entry) => keyOf(entry) !== keyOf(session)), session],
      }
    }
    case 'siwx/sessionsCleared': {
      const { namespaces } = event.payload
      if (state.sessions.length === 0) return undefined
      return {
        sessions: namespaces
          ? state.sessions.filter(
              (session) => !namespaces.includes(session.data.chainId.split(':')[0] ?? ''),
            )
          : [],
      }
    }
    case 'disconnection/requested': {
      // §4 disconnect, step 1: the sessions of what is being disconnected go first.
      if (state.sessions.length === 0) return undefined
      const targets = selectDisconnectTargets(root, event.payload.namespace)
      const kept = state.sessions.filter(
        (session) => !targets.includes(session.data.chainId.split(':')[0] ?? ''),
      )
      return kept.length === state.sessions.length ? undefined : { sessions: kept }
    }
    default:
      return undefined
  }
}

/** SIWX sessions: restored from storage when the feature loads, kept per account and network. */
export const siwxSlice: FeatureSlice<SiwxState> = {
  initial: (_root, restored) => ({
    sessions: [...((restored.siwxSessions as SiwxSession[] | undefined) ?? [])],
  }),
  handles: ['siwx/sessionAdded', 'siwx/sessionsCleared', 'disconnection/requested'],
  recipe: reduceSiwx,
}
