import {
  type FeatureSlice,
  type KitEvent,
  type KitState,
  type SerializedKitError,
  type SiwxSession,
  selectDisconnectTargets,
} from '../../kernel/index.js'

/** What the sign view shows before the wallet prompt: the site's settings, resolved at load. */
export interface SiwxSettings {
  /** The domain messages name; `null` when the site set none and the page has no host. */
  readonly domain: string | null
  readonly uri: string | null
  readonly statement: string | null
}

/** Sign-in sessions, per account and network, and the sign-in under way. */
export interface SiwxState {
  /** Verified sessions: the only ones that count. */
  sessions: SiwxSession[]
  /** Sessions storage kept, until they are verified again (they do not count meanwhile). */
  unverified: SiwxSession[]
  settings: SiwxSettings
  /** The correlation id of the wallet sign-in under way, or `null`. */
  signing: string | null
  /** The last failed sign-in, for the view (cleared by the next request). */
  lastError: SerializedKitError | null
}

/**
 * The key of a session: its CAIP-10 account. eip155 addresses are compared without their
 * checksum case; base58 (solana) is case-sensitive and stays as it is.
 * @internal
 */
export function sessionKey(session: SiwxSession): string {
  return caipKey(`${session.data.chainId}:${session.data.accountAddress}`)
}

/** The key of a CAIP-10 account, as {@link sessionKey} writes it. @internal */
export function caipKey(caipAddress: string): string {
  return caipAddress.startsWith('eip155:') ? caipAddress.toLowerCase() : caipAddress
}

const namespaceOfSession = (session: SiwxSession) => session.data.chainId.split(':')[0] ?? ''

/** Adds or replaces the sessions, one per account and network. */
function upsert(sessions: readonly SiwxSession[], added: readonly SiwxSession[]): SiwxSession[] {
  const keys = new Set(added.map(sessionKey))
  const kept = sessions.filter((entry) => !keys.has(sessionKey(entry)))
  const unique = [...new Map(added.map((session) => [sessionKey(session), session])).values()]
  return [...kept, ...unique]
}

function reduceSiwx(state: SiwxState, event: KitEvent, root: KitState): SiwxState | undefined {
  switch (event.type) {
    case 'siwx/sessionAdded':
      return { ...state, sessions: upsert(state.sessions, [event.payload.session]) }
    case 'siwx/requested':
      return 'caipAddress' in event.payload
        ? { ...state, signing: event.meta.correlationId ?? event.meta.id, lastError: null }
        : undefined
    case 'siwx/succeeded': {
      const wallet = state.signing !== null && state.signing === event.meta.correlationId
      return {
        ...state,
        sessions: upsert(state.sessions, [event.payload.session]),
        ...(wallet ? { signing: null, lastError: null } : {}),
      }
    }
    case 'siwx/failed':
      return state.signing !== null && state.signing === event.meta.correlationId
        ? { ...state, signing: null, lastError: event.payload.error }
        : undefined
    case 'siwx/storedSessionsChecked':
      return { ...state, sessions: upsert(state.sessions, event.payload.kept), unverified: [] }
    case 'siwx/sessionsExpired': {
      const expired = new Set(event.payload.caipAddresses.map(caipKey))
      const sessions = state.sessions.filter((session) => !expired.has(sessionKey(session)))
      return sessions.length === state.sessions.length ? undefined : { ...state, sessions }
    }
    case 'siwx/sessionsCleared': {
      const { namespaces } = event.payload
      if (state.sessions.length === 0 && state.unverified.length === 0) return undefined
      const keep = (session: SiwxSession) =>
        namespaces ? !namespaces.includes(namespaceOfSession(session)) : false
      return {
        ...state,
        sessions: state.sessions.filter(keep),
        unverified: state.unverified.filter(keep),
      }
    }
    case 'disconnection/requested': {
      // §4 disconnect, step 1: the sessions of what is being disconnected go first.
      const targets = selectDisconnectTargets(root, event.payload.namespace)
      const keep = (session: SiwxSession) => !targets.includes(namespaceOfSession(session))
      const sessions = state.sessions.filter(keep)
      const unverified = state.unverified.filter(keep)
      if (
        sessions.length === state.sessions.length &&
        unverified.length === state.unverified.length
      )
        return undefined
      return { ...state, sessions, unverified }
    }
    default:
      return undefined
  }
}

/**
 * The SIWX slice. Sessions storage kept start unverified (they count only once verified again);
 * `settings` are the site's, resolved when the code loads.
 * @internal
 */
export function createSiwxSlice(settings: SiwxSettings): FeatureSlice<SiwxState> {
  return {
    initial: (_root, restored) => ({
      sessions: [],
      unverified: upsert([], (restored.siwxSessions as SiwxSession[] | undefined) ?? []),
      settings,
      signing: null,
      lastError: null,
    }),
    handles: [
      'siwx/sessionAdded',
      'siwx/requested',
      'siwx/succeeded',
      'siwx/failed',
      'siwx/storedSessionsChecked',
      'siwx/sessionsExpired',
      'siwx/sessionsCleared',
      'disconnection/requested',
    ],
    recipe: reduceSiwx,
  }
}
