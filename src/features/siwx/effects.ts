/**
 * The SIWX feature's effects: stored sessions verified again at load, the §4 check after connect
 * (and after an account or network switch), the sign-in itself, sessions handed over by the site,
 * expiry, and the site told about a sign-out. Every call to a wallet, a node or the site is bounded
 * and given up when the visitor leaves.
 * @module
 */
import {
  defer,
  EMPTY,
  filter,
  from,
  map,
  merge,
  mergeMap,
  Observable,
  of,
  switchMap,
  timer,
} from 'rxjs'
import {
  CancelledError,
  type Effect,
  type EventInput,
  type KitState,
  ofType,
  parseCaipAddress,
  runOperation,
  type SiwxSession,
  selectActiveAccount,
  selectActiveCaipAddress,
} from '../../kernel/index.js'
import type { SiwxParameters } from './parameters.js'
import { SIWX_SIGN_VIEWS, selectHasSiwxSession } from './selectors.js'
import { signInWithWallet } from './signInWithWallet.js'
import { caipKey, type SiwxState, sessionKey } from './slice.js'
import {
  createFamilies,
  SITE_CALL_TIMEOUT_MS,
  verificationFailure,
  verifyInKit,
  withinTime,
} from './verifyInKit.js'

/** How long a sign-in may wait in all, the wallet's prompt included. */
export const SIGN_IN_TIMEOUT_MS = 5 * 60_000

/** The SIWX effects share the site's parameters and one family per namespace. */
export interface SiwxEffectParts {
  readonly parameters: SiwxParameters
}

/** The SIWX slice of a state; the feature's effects run only once it exists. */
const siwxOf = (state: KitState): SiwxState | undefined => state.siwx

/**
 * Builds the SIWX effects around the site's parameters.
 * @internal
 */
export function createSiwxEffects({ parameters }: SiwxEffectParts): readonly Effect[] {
  /**
   * Once, when the feature loads: every session storage kept is verified again (signature, domain,
   * expiry) side by side, each bounded; the valid ones count from then on, the others are dropped.
   */
  const storedSessionsEffect: Effect = (context) => {
    const familyOf = createFamilies(context)
    return context.events$.pipe(
      ofType('feature/loaded'),
      filter(({ payload }) => payload.name === 'siwx'),
      mergeMap(() => {
        const stored = siwxOf(context.getState())?.unverified ?? []
        if (stored.length === 0) return EMPTY
        return new Observable<EventInput>((subscriber) => {
          const controller = new AbortController()
          Promise.all(
            stored.map((session) => verifyInKit(context, familyOf, session, controller.signal)),
          ).then((results) => {
            subscriber.next({
              type: 'siwx/storedSessionsChecked',
              payload: {
                kept: results.flatMap((result) => (result.ok ? [result.session] : [])),
                dropped: results.flatMap((result, index) =>
                  result.ok
                    ? []
                    : [
                        {
                          caipAddress: `${stored[index]!.data.chainId}:${stored[index]!.data.accountAddress}`,
                          code: result.error.code,
                        },
                      ],
                ),
              },
            })
            subscriber.complete()
          })
          return () => controller.abort()
        })
      }),
    )
  }

  /**
   * Latest wins: §4 after connect, and after the account or network changes, when sign-in is on and
   * the connected account has no verified session, the site's sessions are read (`getSessions`,
   * each verified) and, when none is valid, the visitor is asked to sign in. Waits for the stored
   * sessions to be verified first.
   */
  const checkEffect: Effect = (context) => {
    const familyOf = createFamilies(context)
    return context.transitions$.pipe(
      filter(({ event, before, after }) => {
        if (!siwxOf(after)) return false
        if (
          event.type === 'siwx/storedSessionsChecked' ||
          event.type === 'siwx/sessionsExpired' ||
          (event.type === 'feature/loaded' && event.payload.name === 'siwx')
        )
          return true
        const address = selectActiveCaipAddress(after)
        return (
          address !== null &&
          (event.type === 'connection/succeeded' || address !== selectActiveCaipAddress(before))
        )
      }),
      switchMap(() => {
        const state = context.getState()
        const siwx = siwxOf(state)
        const account = selectActiveAccount(state)
        const caipAddress = account?.status === 'connected' ? account.caipAddress : null
        if (!siwx || !caipAddress) return EMPTY
        // The stored sessions are still being verified: their verdict triggers this again.
        if (siwx.unverified.length > 0 || siwx.signing !== null || selectHasSiwxSession(state))
          return EMPTY
        if (state.modal.isOpen && SIWX_SIGN_VIEWS.includes(state.router.view)) return EMPTY
        const ask: EventInput = { type: 'siwx/signInRequested', payload: { caipAddress } }
        const getSessions = parameters.getSessions
        if (!getSessions) return of(ask)
        return new Observable<EventInput>((subscriber) => {
          const controller = new AbortController()
          const parsed = parseCaipAddress(caipAddress)
          withinTime(
            context,
            controller.signal,
            SITE_CALL_TIMEOUT_MS,
            'RPC_TIMEOUT',
            'getSessions',
            (signal) => getSessions({ caipAddress, signal }),
          )
            .then(async (sessions) => {
              const results = await Promise.all(
                (Array.isArray(sessions) ? sessions : []).slice(0, 16).map((session) =>
                  verifyInKit(context, familyOf, session, controller.signal, {
                    accountAddress: parsed?.address ?? '',
                    chainId: parsed?.networkId ?? caipAddress,
                  }),
                ),
              )
              return results.flatMap((result) => (result.ok ? [result.session] : []))
            })
            .catch(() => [] as SiwxSession[])
            .then((valid) => {
              if (controller.signal.aborted) return
              for (const session of valid)
                subscriber.next({ type: 'siwx/sessionAdded', payload: { session } })
              if (valid.length === 0) subscriber.next(ask)
              subscriber.complete()
            })
          return () => controller.abort()
        })
      }),
    )
  }

  /**
   * The sign-in. With the wallet (latest wins): a nonce from the site (or made here), the family's
   * message for the connected account, the wallet's signature, the kit's own verification of
   * exactly what it asked for, and the site's acceptance (`onSignIn`); only then the session
   * counts; given up when the visitor disconnects, switches account or network, or closes the sign
   * view. With a session the site hands over (independent per session): verified before it counts.
   */
  const signInEffect: Effect = (context) => {
    const familyOf = createFamilies(context)
    return context.events$.pipe(
      ofType('siwx/requested'),
      runOperation(context, {
        key: (request) => ('caipAddress' in request.payload ? 'wallet' : request.meta.id),
        cancels: ({ event, before, after }, request) =>
          'caipAddress' in request.payload &&
          (event.type === 'disconnection/requested' ||
            caipKey(selectActiveCaipAddress(after) ?? '') !==
              caipKey(request.payload.caipAddress) ||
            (before.modal.isOpen && !after.modal.isOpen)),
        timeout: () => ({
          ms: SIGN_IN_TIMEOUT_MS,
          error: () => new CancelledError({ details: 'The sign-in took too long.' }),
        }),
        run: async (request, signal) => {
          const { payload } = request
          if ('caipAddress' in payload) {
            const session = await signInWithWallet(
              context,
              parameters,
              familyOf,
              payload.caipAddress,
              signal,
            )
            return { type: 'siwx/succeeded', payload: { session } }
          }
          const result = await verifyInKit(context, familyOf, payload.session, signal)
          if (!result.ok) throw verificationFailure(result)
          return { type: 'siwx/succeeded', payload: { session: result.session } }
        },
        failed: (_request, error) => ({ type: 'siwx/failed', payload: { error } }),
        fallbackCode: 'SOMETHING_WENT_WRONG',
      }),
    )
  }

  /**
   * Latest wins: when the earliest expiration time among the sessions comes, the sessions due drop
   * (and §4 asks the connected account to sign in again when its own did).
   */
  const expiryEffect: Effect = (context) =>
    context.transitions$.pipe(
      filter(
        ({ before, after }) =>
          siwxOf(after) !== undefined && siwxOf(before)?.sessions !== siwxOf(after)?.sessions,
      ),
      map(({ after }) => siwxOf(after)!.sessions),
      switchMap((sessions) => {
        const times = sessions.map((session) => Date.parse(session.data.expirationTime ?? ''))
        const next = Math.min(...times.filter((time) => !Number.isNaN(time)))
        if (!Number.isFinite(next)) return EMPTY
        const delay = Math.max(0, next - context.env.clock.now())
        return timer(delay, context.env.scheduler).pipe(
          map((): EventInput => {
            const now = context.env.clock.now()
            return {
              type: 'siwx/sessionsExpired',
              payload: {
                caipAddresses: sessions
                  .filter((_session, index) => !(times[index]! > now))
                  .map((session) => `${session.data.chainId}:${session.data.accountAddress}`),
              },
            }
          }),
        )
      }),
    )

  /**
   * Independent per disconnect: the sessions §4 step 1 dropped are handed to the site's
   * `onSignOut` (bounded), so its server can revoke them; its failure changes nothing here.
   */
  const signOutEffect: Effect = (context) =>
    context.transitions$.pipe(
      filter(
        ({ event }) =>
          event.type === 'disconnection/requested' && parameters.onSignOut !== undefined,
      ),
      mergeMap(({ before, after }) => {
        const left = new Set((siwxOf(after)?.sessions ?? []).map(sessionKey))
        const dropped = (siwxOf(before)?.sessions ?? []).filter(
          (session) => !left.has(sessionKey(session)),
        )
        if (dropped.length === 0) return EMPTY
        return defer(() => {
          const controller = new AbortController()
          return from(
            withinTime(
              context,
              controller.signal,
              SITE_CALL_TIMEOUT_MS,
              'RPC_TIMEOUT',
              'onSignOut',
              (signal) => parameters.onSignOut!(dropped, { signal }),
            ).catch(() => undefined),
          ).pipe(mergeMap(() => EMPTY))
        })
      }),
    )

  /**
   * Independent per event: §8 'Authenticating...' while a sign-in runs; its failure (not a
   * cancellation) as an error snack ('Signature declined' for a refusal in the wallet).
   */
  const snackEffect: Effect = ({ events$, getState }) =>
    merge(
      events$.pipe(
        ofType('siwx/requested'),
        filter(({ payload }) => 'caipAddress' in payload),
        map(
          (): EventInput => ({
            type: 'snack/requested',
            payload: { code: 'AUTHENTICATING', variant: 'loading' },
          }),
        ),
      ),
      events$.pipe(
        ofType('siwx/succeeded'),
        filter(() => getState().snack.isOpen && getState().snack.code === 'AUTHENTICATING'),
        map((): EventInput => ({ type: 'snack/hidden', payload: {} })),
      ),
      events$.pipe(
        ofType('siwx/failed'),
        mergeMap(({ payload }): EventInput[] =>
          payload.error.code === 'CANCELLED'
            ? getState().snack.code === 'AUTHENTICATING'
              ? [{ type: 'snack/hidden', payload: {} }]
              : []
            : [
                {
                  type: 'snack/requested',
                  payload: { code: payload.error.code, variant: 'error' },
                },
              ],
        ),
      ),
    )

  return [storedSessionsEffect, checkEffect, signInEffect, expiryEffect, signOutEffect, snackEffect]
}
