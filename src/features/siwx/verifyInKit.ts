/**
 * How the SIWX effects reach outside the kit: bounded calls to the site and to nodes, each
 * namespace's sign-in code loaded once, and a session verified with the kit's families, time and
 * domain (the same `verifySiwxSession` a site's server runs).
 * @module
 */
import {
  type EffectContext,
  KitError,
  type SiwxAdapter,
  type SiwxMessageFields,
  untilAborted,
} from '../../kernel/index.js'
import {
  type SiwxVerification,
  SiwxVerificationError,
  siwxNamespaceOf,
  verifySiwxSession,
} from '../../siwx/verifySession.js'
import { siwxErrors } from './errors.js'

/** How long the kit waits for the site (`getNonce`, `onSignIn`, `getSessions`, `onSignOut`). */
export const SITE_CALL_TIMEOUT_MS = 30_000
/** How long one stored or site session's verification may wait on a node. */
export const VERIFY_TIMEOUT_MS = 10_000

/**
 * Runs `work` with a signal that aborts when `parent` does or after `ms` on the kit's scheduler;
 * past the time it rejects with `code`.
 * @internal
 */
export async function withinTime<TValue>(
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
      throw new KitError(code, {
        details: `${what} did not answer within ${ms} ms.`,
        ...(code === 'SIWX_VERIFICATION_FAILED'
          ? { entry: siwxErrors.entries.SIWX_VERIFICATION_FAILED }
          : {}),
      })
    throw error
  } finally {
    clock.unsubscribe()
    parent.removeEventListener('abort', stop)
  }
}

/** The namespace's sign-in code, loaded once per namespace. @internal */
export function createFamilies(context: EffectContext) {
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
 * @internal
 */
export async function verifyInKit(
  context: EffectContext,
  familyOf: (namespace: string) => Promise<SiwxAdapter>,
  session: unknown,
  signal: AbortSignal,
  expect?: Partial<SiwxMessageFields>,
): Promise<SiwxVerification> {
  const domain = context.getState().siwx?.settings.domain
  const namespace = siwxNamespaceOf(session)
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

/** The failure of a refused verification, with its code for developers. @internal */
export function verificationFailure(result: Extract<SiwxVerification, { ok: false }>): KitError {
  return siwxErrors.create('SIWX_VERIFICATION_FAILED', {
    details: `${result.error.code}: ${result.error.message}`,
    cause: result.error,
  })
}
