import { CancelledError } from './errors/KitError.js'

/**
 * Waits for `promise`, or rejects with `CANCELLED` as soon as `signal` aborts; the promise itself
 * runs on and its late answer is ignored (a wallet prompt cannot be taken back). The promise is
 * observed even when the signal is already aborted, so a later failure of it is never an unhandled
 * rejection. The one way plugins and features honour an `AbortSignal` around work that has none.
 * @example
 * import { untilAborted } from '@gangway/kit'
 * const accounts = await untilAborted(provider.request({ method: 'eth_requestAccounts' }), signal)
 * @param promise - the work.
 * @param signal - the caller's signal; without one, the promise as it is.
 * @param what - what was cancelled, for the error's details.
 * @returns the work's value.
 * @throws CANCELLED when the signal aborts first.
 */
export function untilAborted<TValue>(
  promise: Promise<TValue>,
  signal: AbortSignal | undefined,
  what = 'The request',
): Promise<TValue> {
  if (!signal) return promise
  return new Promise<TValue>((resolve, reject) => {
    const onAbort = () => reject(new CancelledError({ details: `${what} was cancelled.` }))
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
  })
}
