import { EMPTY, filter, map, merge, mergeMap, of, switchMap, timer } from 'rxjs'
import {
  connectorKey,
  type Effect,
  type EventInput,
  ofType,
  selectAccountStatus,
  selectPendingConnection,
  TIMINGS,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import { selectPairing } from './selectors.js'

/**
 * Latest wins: a new pairing or a link reset cancels the pending expiry. §4 a WalletConnect
 * pairing lives 4 minutes and counts as expired 10 s before that.
 */
export const pairingExpiryEffect: Effect = ({ events$, env }) =>
  merge(
    events$.pipe(ofType('walletConnect/pairingCreated')),
    events$.pipe(ofType('walletConnect/linkReset', 'disconnection/succeeded')),
  ).pipe(
    switchMap((event) => {
      if (event.type !== 'walletConnect/pairingCreated') return EMPTY
      const due = event.payload.expiresAt - TIMINGS.pairingExpiryMarginMs - env.clock.now()
      return timer(Math.max(0, due), env.scheduler).pipe(
        map(
          (): EventInput => ({
            type: 'walletConnect/pairingExpired',
            payload: { uri: event.payload.uri },
          }),
        ),
      )
    }),
  )

/**
 * ours: how long "Link copied" stays after the visitor copies the pairing link. Long enough to
 * read, short enough that a later look at the view does not vouch for what the clipboard holds.
 */
export const LINK_COPIED_FEEDBACK_MS = 2_000

/**
 * Latest wins: each copy restarts the "Link copied" feedback, which ends after
 * {@link LINK_COPIED_FEEDBACK_MS} on the kit's scheduler (a new pairing ends it at once, in the
 * slice).
 */
export const linkCopiedEffect: Effect = ({ events$, env }) =>
  events$.pipe(
    ofType('walletConnect/linkCopied'),
    switchMap((event) =>
      timer(LINK_COPIED_FEEDBACK_MS, env.scheduler).pipe(
        map(
          (): EventInput => ({
            type: 'walletConnect/linkCopiedExpired',
            payload: { uri: event.payload.uri },
          }),
        ),
      ),
    ),
  )

/**
 * Independent per expiry: when a pairing expires while a WalletConnect connection is still waiting
 * for the wallet, a fresh connect is requested, so the view shows a fresh URI (§4); the waiting
 * request is cancelled by the connect effect's latest-wins rule.
 */
export const pairingRefreshEffect: Effect = ({ events$, getState, env }) =>
  events$.pipe(
    ofType('walletConnect/pairingExpired'),
    mergeMap(() => {
      const state = getState()
      const waiting = state.namespaces.ids.filter(
        (namespace) =>
          selectPendingConnection(state, namespace)?.connectorId === WALLET_CONNECT_CONNECTOR_ID,
      )
      return waiting.map(
        (namespace): EventInput => ({
          type: 'connection/requested',
          payload: { namespace, connectorId: WALLET_CONNECT_CONNECTOR_ID, silent: false },
          correlationId: env.ids.next(),
        }),
      )
    }),
  )

/**
 * Independent per opening: the WalletConnect views need a pairing, so opening one (including §2
 * rule 1's ConnectingWalletConnectBasic) with nothing under way requests a WalletConnect connect
 * in the active namespace, when that namespace lists the WalletConnect connector.
 */
export const walletConnectOpenEffect: Effect = ({ transitions$, env, getState }) =>
  transitions$.pipe(
    filter(
      ({ before, after }) =>
        after.modal.isOpen &&
        (after.router.view === 'ConnectingWalletConnect' ||
          after.router.view === 'ConnectingWalletConnectBasic') &&
        (before.router.view !== after.router.view || !before.modal.isOpen),
    ),
    mergeMap(() => {
      // The state of the moment: the transition may have waited for this feature's code.
      const state = getState()
      const namespace = state.activeNamespace
      const listed =
        namespace && state.connectors.entities[connectorKey(namespace, WALLET_CONNECT_CONNECTOR_ID)]
      if (
        !namespace ||
        !listed ||
        selectAccountStatus(state, namespace) !== 'disconnected' ||
        selectPairing(state)
      ) {
        return EMPTY
      }
      return of<EventInput>({
        type: 'connection/requested',
        payload: { namespace, connectorId: WALLET_CONNECT_CONNECTOR_ID, silent: false },
        correlationId: env.ids.next(),
      })
    }),
  )
