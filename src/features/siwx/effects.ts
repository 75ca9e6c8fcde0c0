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
  type EffectContext,
  type EventInput,
  KitError,
  type KitState,
  ofType,
  parseCaipAddress,
  pluginError,
  runOperation,
  type SiwxAdapter,
  type SiwxMessageFields,
  type SiwxSession,
  selectActiveAccount,
  selectActiveCaipAddress,
  untilAborted,
} from '../../kernel/index.js'
import { createNonce, isNonce } from './nonce.js'
import type { SiwxParameters } from './parameters.js'
import { SIWX_SIGN_VIEWS, selectHasSiwxSession } from './selectors.js'
import { caipKey, type SiwxState, sessionKey } from './slice.js'
import { type SiwxVerification, SiwxVerificationError, verifySiwxSession } from './verifySession.js'

/** How long the kit waits for the site (`getNonce`, `onSignIn`, `getSessions`, `onSignOut`). */
export const SITE_CALL_TIMEOUT_MS = 30_000
/** How long one stored or site session's verification may wait on a node. */
export const VERIFY_TIMEOUT_MS = 10_000
/** How long a sign-in may wait in all, the wallet's prompt included. */
export const SIGN_IN_TIMEOUT_MS = 5 * 60_000
/** A session's lifetime unless the site sets `expiresInMs`. */
export const DEFAULT_SESSION_TTL_MS = 24 * 60 * 60_000

/** The SIWX effects share the site's parameters and one family per namespace. */
export interface SiwxEffectParts {
  readonly parameters: SiwxParameters
}

/**
 * Runs `work` with a signal that aborts when `parent` does or after `ms` on the kit's scheduler;
 * past the time it rejects with `code`.
 */
async function withinTime<TValue>(
  context: EffectContext,
  parent: AbortSignal,
  ms: number,
  code: 'AUTH_INIT_FAILED' | 'SIWX_VERIFICATION_FAILED' | 'RPC_TIMEOUT',
  what: string,
  work: (signal: AbortSignal) => Promise<TValue>,
): Promise<TValue> {
  const controller = new AbortController()
  const stop = () => controller.abort()
  parent.addEventListener('abort', stop, { once: true })
  let timedOut = false
  const clock = context.env.scheduler.schedule(() => {
    timedOut = true
    controller.abort()
  }, ms)
  try {
    return await untilAborted(work(controller.signal), controller.signal, what)
  } catch (error) {
    if (timedOut && !parent.aborted)
      throw new KitError(code, { details: `${what} did not answer within ${ms} ms.` })
    throw error
  } finally {
    clock.unsubscribe()
    parent.removeEventListener('abort', stop)
  }
}

/** The namespace's sign-in code, loaded once per namespace. */
function createFamilies(context: EffectContext) {
  const loading = new Map<string, Promise<SiwxAdapter>>()
  return (namespace: string): Promise<SiwxAdapter> => {
    let adapter = loading.get(namespace)
    if (!adapter) {
      const load = context.adapters.get(namespace)?.loadSiwx?.bind(context.adapters.get(namespace))
      adapter = load
        ? load()
        : Promise.reject(
            new KitError('CAPABILITY_UNSUPPORTED', {
              plugin: namespace,
              details: `The ${namespace} plugin does not offer sign-in.`,
            }),
          )
      // A failed download is tried again at the next need.
      adapter.catch(() => loading.delete(namespace))
      loading.set(namespace, adapter)
    }
    return adapter
  }
}

/**
 * Verifies a session with the kit's families, at the kit's time, for the site's domain; bounded.
 * `expect` holds what a fresh sign-in asked for.
 */
async function verifyHere(
  context: EffectContext,
  familyOf: (namespace: string) => Promise<SiwxAdapter>,
  session: unknown,
  signal: AbortSignal,
  expect?: Partial<SiwxMessageFields>,
): Promise<SiwxVerification> {
  const domain = context.getState().siwx?.settings.domain
  const namespace =
    typeof (session as SiwxSession | null)?.data?.chainId === 'string'
      ? ((session as SiwxSession).data.chainId.split(':')[0] ?? '')
      : ''
  const family = namespace ? await familyOf(namespace).catch(() => undefined) : undefined
  return withinTime(
    context,
    signal,
    VERIFY_TIMEOUT_MS,
    'RPC_TIMEOUT',
    'The verification',
    (inner) =>
      verifySiwxSession(session, {
        familyOf: (name) => (name === namespace ? family : undefined),
        now: context.env.clock.now(),
        domains: domain ? [domain] : [],
        ...(expect ? { expect } : {}),
        signal: inner,
      }),
  ).catch(
    (error: unknown): SiwxVerification => ({
      ok: false,
      error: new SiwxVerificationError('VERIFIER_UNAVAILABLE', 'The verification gave up.', {
        cause: error,
      }),
    }),
  )
}

/** The failure of a refused verification, with its code for developers. */
function verificationFailure(result: Extract<SiwxVerification, { ok: false }>): KitError {
  return new KitError('SIWX_VERIFICATION_FAILED', {
    details: `${result.error.code}: ${result.error.message}`,
    cause: result.error,
  })
}

/** A site's refusal for developers: its `code` (a `SiwxVerificationError`'s) and its message. */
function refusalText(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  return typeof code === 'string' ? `${code}: ${message}` : message
}

/** The connected active account a sign-in is for, or why there is none. */
function connectedAccount(state: KitState, caipAddress: string) {
  const account = selectActiveAccount(state)
  if (
    !account?.caipAddress ||
    account.status !== 'connected' ||
    !account.connectorId ||
    caipKey(account.caipAddress) !== caipKey(caipAddress)
  )
    throw new KitError('NO_ACTIVE_ADDRESS', {
      details: `${caipAddress} is not the active account.`,
    })
  return { caipAddress: account.caipAddress, connectorId: account.connectorId }
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
            stored.map((session) => verifyHere(context, familyOf, session, controller.signal)),
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
        if (!state.options.siwx || !siwx || !caipAddress) return EMPTY
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
                  verifyHere(context, familyOf, session, controller.signal, {
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

  /** The wallet sign-in of a `siwx/requested` with `caipAddress`. */
  const signInWithWallet = async (
    context: EffectContext,
    familyOf: (namespace: string) => Promise<SiwxAdapter>,
    requested: string,
    signal: AbortSignal,
  ): Promise<SiwxSession> => {
    const state = context.getState()
    const { caipAddress, connectorId } = connectedAccount(state, requested)
    const parsed = parseCaipAddress(caipAddress)
    const settings = siwxOf(state)?.settings
    if (!parsed || !settings?.domain || !settings.uri)
      throw new KitError('AUTH_INIT_FAILED', {
        details: 'Sign-in needs a domain and a URI: set them in siwx({ domain, uri }).',
      })
    const getNonce = parameters.getNonce
    const nonce = getNonce
      ? await withinTime(
          context,
          signal,
          SITE_CALL_TIMEOUT_MS,
          'AUTH_INIT_FAILED',
          'getNonce',
          (inner) => getNonce({ caipAddress, signal: inner }),
        ).catch((error: unknown) => {
          if (error instanceof CancelledError) throw error
          throw new KitError('AUTH_INIT_FAILED', { cause: error, details: 'getNonce failed.' })
        })
      : createNonce()
    if (typeof nonce !== 'string' || !isNonce(nonce))
      throw new KitError('AUTH_INIT_FAILED', {
        details: 'getNonce answered something that is not 8 to 128 letters and digits.',
      })
    const namespace = parsed.namespace
    const family = await familyOf(namespace)
    const now = context.env.clock.now()
    const fields: SiwxMessageFields = {
      accountAddress: parsed.address,
      chainId: parsed.networkId,
      domain: settings.domain,
      uri: settings.uri,
      version: '1',
      nonce,
      ...(settings.statement ? { statement: settings.statement } : {}),
      issuedAt: new Date(now).toISOString(),
      expirationTime: new Date(
        now + (parameters.expiresInMs ?? DEFAULT_SESSION_TTL_MS),
      ).toISOString(),
      ...(parameters.resources?.length ? { resources: [...parameters.resources] } : {}),
    }
    let signed: { message: string; signature: string }
    try {
      signed = await family.signIn({ connectorId, caipAddress, fields }, signal)
    } catch (error) {
      throw pluginError(context.plugins, namespace, error, 'SOMETHING_WENT_WRONG')
    }
    const session = {
      data: family.parseMessage(signed.message) ?? fields,
      message: signed.message,
      signature: signed.signature,
    }
    // Exactly what was asked for, nonce included: a wallet that signed anything else is refused.
    const result = await verifyHere(context, familyOf, session, signal, fields)
    if (!result.ok) throw verificationFailure(result)
    const onSignIn = parameters.onSignIn
    if (onSignIn) {
      await withinTime(
        context,
        signal,
        SITE_CALL_TIMEOUT_MS,
        'SIWX_VERIFICATION_FAILED',
        'onSignIn',
        (inner) => onSignIn(result.session, { signal: inner }),
      ).catch((error: unknown) => {
        if (error instanceof CancelledError || error instanceof KitError) throw error
        throw new KitError('SIWX_VERIFICATION_FAILED', {
          cause: error,
          details: `The site refused the sign-in: ${refusalText(error)}`,
        })
      })
    }
    return result.session
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
            const session = await signInWithWallet(context, familyOf, payload.caipAddress, signal)
            return { type: 'siwx/succeeded', payload: { session } }
          }
          const result = await verifyHere(context, familyOf, payload.session, signal)
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
