import { catchError, EMPTY, filter, from, groupBy, map, mergeMap, switchMap } from 'rxjs'
import { type Effect, type EventInput, ofType } from '../../kernel/index.js'
import type { EmbeddedWallet } from './wallet.js'

/**
 * Latest wins per namespace: when a namespace connects through the AUTH connector, the frame's §3
 * user for that network (email, userName, accounts) joins the state. A user the frame cannot give
 * leaves the connection as it is.
 */
export const createUserEffect =
  (wallet: EmbeddedWallet): Effect =>
  ({ events$, env }) =>
    events$.pipe(
      ofType('connection/succeeded'),
      filter((event) => event.payload.connectorId === wallet.connector(event.payload.namespace).id),
      // Per namespace: a reload restores eip155 and solana at once, and each needs its user.
      groupBy((event) => event.payload.namespace),
      mergeMap((connections) =>
        connections.pipe(
          switchMap((event) =>
            from(
              wallet
                .load(env.scheduler)
                .then((frame) => frame.request('GET_USER', { chainId: event.payload.networkId })),
            ).pipe(
              map(
                (user): EventInput => ({
                  type: 'embeddedWallet/userChanged',
                  payload: { namespace: event.payload.namespace, user },
                }),
              ),
              catchError(() => EMPTY),
            ),
          ),
        ),
      ),
    )

/**
 * Independent per disconnect: §4 disconnect signs the embedded wallet out when a namespace it
 * connected is disconnected (its peers go with it, `selectDisconnectTargets`).
 */
export const createSignOutEffect =
  (wallet: EmbeddedWallet): Effect =>
  ({ transitions$, env }) =>
    transitions$.pipe(
      filter(({ event, before }) => {
        if (event.type !== 'disconnection/requested') return false
        const ids = event.payload.namespace ? [event.payload.namespace] : before.namespaces.ids
        return ids.some(
          (id) =>
            before.namespaces.entities[id]?.accountState.connectorId === wallet.connector(id).id,
        )
      }),
      mergeMap(() =>
        from(wallet.load(env.scheduler).then((frame) => frame.request('SIGN_OUT', {}))).pipe(
          map((): EventInput => ({ type: 'embeddedWallet/signedOut', payload: {} })),
          // The kit forgets the session whatever the frame answers; the frame's own expiry ends it.
          catchError(() => EMPTY),
        ),
      ),
    )
