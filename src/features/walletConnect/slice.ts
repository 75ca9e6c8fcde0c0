import {
  type FeatureSlice,
  type KitEvent,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'

/** A pairing link waiting for a phone wallet: its URI and when it stops being offered. */
export interface WalletConnectPairing {
  uri: string
  /** Milliseconds since the epoch (§4: four minutes after it was made). */
  expiresAt: number
}

/** The WalletConnect link the modal shows. */
export interface WalletConnectState {
  pairing: WalletConnectPairing | null
  /**
   * The URI the visitor copied, while "Link copied" shows: only ever the URI on screen, so a
   * refreshed pairing (a new URI) never reads as copied when the clipboard holds the old one.
   */
  copiedUri: string | null
}

const EMPTY: WalletConnectState = { pairing: null, copiedUri: null }

function reducePairing(state: WalletConnectState, event: KitEvent): WalletConnectState | undefined {
  const clear = () => (state.pairing === null && state.copiedUri === null ? undefined : EMPTY)
  switch (event.type) {
    case 'walletConnect/pairingCreated':
      return {
        pairing: event.payload,
        copiedUri: state.copiedUri === event.payload.uri ? state.copiedUri : null,
      }
    case 'walletConnect/pairingExpired':
      return state.pairing?.uri === event.payload.uri ? EMPTY : undefined
    case 'walletConnect/linkCopied':
      // Copying a link the view no longer shows (a click racing a refresh) is not "copied".
      if (state.pairing?.uri === event.payload.uri) state.copiedUri = event.payload.uri
      return undefined
    case 'walletConnect/linkCopiedExpired':
      if (state.copiedUri === event.payload.uri) state.copiedUri = null
      return undefined
    case 'walletConnect/linkReset':
      return clear()
    case 'connection/requested':
      // A new WalletConnect connect brings its own pairing (or re-announces the pending one): the
      // QR code on screen must never be one a cancelled connect made.
      return event.payload.connectorId === WALLET_CONNECT_CONNECTOR_ID && !event.payload.silent
        ? clear()
        : undefined
    case 'connection/succeeded':
      // The pairing became a session; a later connect needs a new one.
      return event.payload.connectorId === WALLET_CONNECT_CONNECTOR_ID ? clear() : undefined
    case 'connection/failed':
      // A refused or broken pairing is dead, so the view shows the failure and its retry. A
      // cancelled connect leaves the pairing to the connect that replaced it.
      return event.payload.connectorId === WALLET_CONNECT_CONNECTOR_ID &&
        event.payload.error.code !== 'CANCELLED'
        ? clear()
        : undefined
    case 'disconnection/succeeded':
    case 'disconnection/failed':
      // §4 disconnect, step 3: the WalletConnect link is reset, whatever the wallets answered.
      return clear()
    default:
      return undefined
  }
}

/** The pairing link (§4: lives four minutes, counts as expired 10 s before) and its copy feedback. */
export const walletConnectSlice: FeatureSlice<WalletConnectState> = {
  initial: () => EMPTY,
  handles: [
    'walletConnect/pairingCreated',
    'walletConnect/pairingExpired',
    'walletConnect/linkReset',
    'walletConnect/linkCopied',
    'walletConnect/linkCopiedExpired',
    'connection/requested',
    'connection/succeeded',
    'connection/failed',
    'disconnection/succeeded',
    'disconnection/failed',
  ],
  recipe: reducePairing,
}
