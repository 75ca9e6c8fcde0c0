import {
  catchError,
  EMPTY,
  filter,
  from,
  groupBy,
  map,
  mergeMap,
  Observable,
  switchMap,
} from 'rxjs'
import {
  type Effect,
  type EventInput,
  type KitState,
  ofType,
  selectConnectors,
} from '../../kernel/index.js'
import { SOCIAL_REDIRECT_FRAGMENT } from '../../services/gangway/embeddedWalletHandshake.js'
import { isHostingApproval } from './slice.js'
import type { EmbeddedWallet } from './wallet.js'

/**
 * Latest wins per namespace: when a namespace connects through the AUTH connector, the frame's §3
 * user for that network (email, userName, accounts) joins the state. A user the frame cannot give
 * leaves the connection as it is.
 *
 * The user also says which social provider the session logged in with (the wallet origin keeps
 * it with the session), so a session restored after a reload or a redirect is known as a social
 * login's: the account's `socialProvider` follows the user, not only a login begun on this page.
 */
export const createUserEffect =
  (wallet: EmbeddedWallet): Effect =>
  ({ events$, env, getState }) =>
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
              mergeMap((user): EventInput[] => {
                const { namespace } = event.payload
                const provider = user.socialProvider ?? null
                const known = getState().namespaces.entities[namespace]?.accountState
                return [
                  { type: 'embeddedWallet/userChanged', payload: { namespace, user } },
                  // The login is over: a window the kit flagged open for it is not any more.
                  ...(known && (known.socialProvider !== provider || known.isSocialWindowOpen)
                    ? [
                        {
                          type: 'account/socialProviderChanged' as const,
                          payload: { namespace, provider, isWindowOpen: false },
                        },
                      ]
                    : []),
                ]
              }),
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

/**
 * The frame asking for the visitor's click, and done asking, become facts the router follows
 * (ApproveTransaction opens and goes; decision 0716).
 */
export const createApprovalEffect =
  (wallet: EmbeddedWallet): Effect =>
  ({ env }) =>
    from(wallet.load(env.scheduler)).pipe(
      switchMap(
        (client) =>
          new Observable<EventInput>((subscriber) =>
            client.watchEvents((event) => {
              if (event.type === 'SHOW_APPROVAL' || event.type === 'HIDE_APPROVAL') {
                subscriber.next({
                  type:
                    event.type === 'SHOW_APPROVAL'
                      ? 'embeddedWallet/approvalShown'
                      : 'embeddedWallet/approvalHidden',
                  payload: { requestId: event.payload.requestId },
                })
              }
            }),
          ),
      ),
      // No frame client (no document): nothing can be shown.
      catchError(() => EMPTY),
    )

/**
 * The visitor left the ApproveTransaction view while the frame still asked (closed the modal,
 * went back): each request it asked for is dismissed in the frame, so it is declined and nothing
 * is signed.
 */
export const createApprovalLeftEffect =
  (wallet: EmbeddedWallet): Effect =>
  ({ transitions$, env }) =>
    transitions$.pipe(
      filter(
        ({ before, after }) =>
          isHostingApproval(before) &&
          !isHostingApproval(after) &&
          (after.embeddedWallet?.approvals.length ?? 0) > 0,
      ),
      mergeMap(({ after }) => {
        const requestIds = after.embeddedWallet?.approvals ?? []
        return from(wallet.load(env.scheduler)).pipe(
          mergeMap((client) => {
            for (const requestId of requestIds) client.dismissApproval(requestId)
            return requestIds.map(
              (requestId): EventInput => ({
                type: 'embeddedWallet/approvalLeft',
                payload: { requestId },
              }),
            )
          }),
          catchError(() => EMPTY),
        )
      }),
    )

/**
 * The AUTH connector's namespaces in the order to connect them: the one the visitor was on last,
 * since a connect makes its namespace the active one.
 * @internal
 */
export function authNamespacesInOrder(state: KitState): string[] {
  const namespaces = selectConnectors(state)
    .filter((connector) => connector.type === 'AUTH')
    .map((connector) => connector.namespace)
  return [...namespaces].sort(
    (a, b) => Number(a === state.activeNamespace) - Number(b === state.activeNamespace),
  )
}

/**
 * The login address a page came back with from a social login's redirect fallback
 * (`#gangway-social=<uri>`), or `undefined`.
 * @internal
 */
export function socialReturnOf(href: string | undefined): string | undefined {
  if (!href) return undefined
  let fragment: string
  try {
    fragment = new URL(href).hash.slice(1)
  } catch {
    return undefined
  }
  return new URLSearchParams(fragment).get(SOCIAL_REDIRECT_FRAGMENT) ?? undefined
}
