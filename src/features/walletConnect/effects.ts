import { EMPTY, filter, map, merge, mergeMap, of, switchMap, timer } from 'rxjs'
import {
  connectorKey,
  type Effect,
  type EventInput,
  ofType,
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
 * Independent per expiry: when a pairing expires while a WalletConnect connection is still waiting
 * for the wallet, a fresh connect is requested, so the view shows a fresh URI (§4); the waiting
 * request is cancelled by the connect effect's latest-wins rule.
 */
export const pairingRefreshEffect: Effect = ({ events$, getState, env }) =>
  events$.pipe(
    ofType('walletConnect/pairingExpired'),
    mergeMap(() => {
      const state = getState()
      const waiting = state.namespaces.ids.filter((namespace) => {
        const account = state.namespaces.entities[namespace]?.accountState
        return (
          account?.status === 'connecting' && account.connectorId === WALLET_CONNECT_CONNECTOR_ID
        )
      })
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
export const walletConnectOpenEffect: Effect = ({ transitions$, env }) =>
  transitions$.pipe(
    filter(
      ({ before, after }) =>
        after.modal.isOpen &&
        (after.router.view === 'ConnectingWalletConnect' ||
          after.router.view === 'ConnectingWalletConnectBasic') &&
        (before.router.view !== after.router.view || !before.modal.isOpen),
    ),
    mergeMap(({ after }) => {
      const namespace = after.activeNamespace
      const account = namespace ? after.namespaces.entities[namespace]?.accountState : undefined
      const listed =
        namespace && after.connectors.entities[connectorKey(namespace, WALLET_CONNECT_CONNECTOR_ID)]
      if (!namespace || !listed || account?.status !== 'disconnected' || selectPairing(after)) {
        return EMPTY
      }
      return of<EventInput>({
        type: 'connection/requested',
        payload: { namespace, connectorId: WALLET_CONNECT_CONNECTOR_ID, silent: false },
        correlationId: env.ids.next(),
      })
    }),
  )
