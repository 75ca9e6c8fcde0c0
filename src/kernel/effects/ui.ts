import { concat, EMPTY, filter, map, mergeMap, of, switchMap, timer } from 'rxjs'
import { TIMINGS } from '../constants.js'
import type { EventInput } from '../events/types.js'
import { ofType } from './operators.js'
import type { Effect } from './types.js'

/** Latest wins: a new shake restarts the 500 ms window (§4). */
export const shakeEffect: Effect = ({ events$, env }) =>
  events$.pipe(
    ofType('modal/shakeStarted'),
    switchMap(() =>
      timer(TIMINGS.shakeMs, env.scheduler).pipe(
        map((): EventInput => ({ type: 'modal/shakeEnded', payload: {} })),
      ),
    ),
  )

/**
 * Latest wins: a new snack replaces the one showing. §4: when one is showing it is hidden first
 * and the new one appears 150 ms later. Non-loading snacks hide by themselves after 2.2 s (ours).
 */
export const snackEffect: Effect = ({ events$, env, getState }) =>
  events$.pipe(
    ofType('snack/requested'),
    switchMap((request) => {
      const shown: EventInput = { type: 'snack/shown', payload: request.payload }
      const hide: EventInput = { type: 'snack/hidden', payload: {} }
      const show = getState().snack.isOpen
        ? concat(of(hide), timer(TIMINGS.snackReshowGapMs, env.scheduler).pipe(map(() => shown)))
        : of(shown)
      const autoHide =
        request.payload.variant === 'loading'
          ? EMPTY
          : timer(TIMINGS.snackAutoHideMs, env.scheduler).pipe(map(() => hide))
      return concat(show, autoHide)
    }),
  )

/**
 * Latest wins: backing out of the Farcaster view while disconnected reloads the sign-in connector
 * after 100 ms (§2); another such back restarts the wait.
 */
export const farcasterReloadEffect: Effect = ({ transitions$, env }) =>
  transitions$.pipe(
    filter(
      ({ event, before, after }) =>
        event.type === 'router/wentBack' &&
        before.router.view === 'ConnectingFarcaster' &&
        !after.namespaces.ids.some((id) => after.namespaces.entities[id]?.accountState.caipAddress),
    ),
    switchMap(() =>
      timer(TIMINGS.farcasterReloadDelayMs, env.scheduler).pipe(
        map((): EventInput => ({ type: 'authConnector/reloadRequested', payload: {} })),
      ),
    ),
  )

/**
 * Independent per event: failures the visitor should hear about become error snacks carrying the
 * error's code (the UI shows the catalogue's words in the visitor's language). A balance failure shows once per 30 s window (a blocked retry stays quiet);
 * cancellations stay quiet. Connection failures are not snacks: the connecting view shows them
 * next to its retry button.
 */
export const failureSnackEffect: Effect = ({ transitions$ }) =>
  transitions$.pipe(
    mergeMap(({ event, before, after }): EventInput[] => {
      const snack = (code: string): EventInput[] => [
        { type: 'snack/requested', payload: { code, variant: 'error' } },
      ]
      switch (event.type) {
        case 'balance/failed': {
          const { namespace } = event.payload
          const fresh =
            before.namespaces.entities[namespace]?.accountState.balanceFailedAt !==
            after.namespaces.entities[namespace]?.accountState.balanceFailedAt
          return fresh ? snack(event.payload.error.code) : []
        }
        case 'signature/failed':
        case 'disconnection/failed':
        case 'networkSwitch/failed':
          return event.payload.error.code === 'CANCELLED' ? [] : snack(event.payload.error.code)
        default:
          return []
      }
    }),
  )

/**
 * The visitor points at a wallet: its plugin starts loading what the connect will need (viem,
 * sign-client), so the download overlaps with the move to the click instead of following it.
 * Only then: opening the modal alone loads nothing heavy (issue #4's first-open budget).
 */
export const prepareAdaptersEffect: Effect = ({ events$, adapters }) =>
  events$.pipe(
    ofType('connection/intended'),
    mergeMap(({ payload }) => {
      try {
        adapters.get(payload.namespace)?.prepare?.(payload.connectorId)
      } catch {
        // Only a head start: the connect itself loads and reports.
      }
      return EMPTY
    }),
  )
