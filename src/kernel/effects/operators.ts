import { filter, Observable, type OperatorFunction } from 'rxjs'
import type { Namespace } from '../caip.js'
import type { ErrorCode, ErrorCodeEntry } from '../errors/codes.js'
import { CancelledError, KitError, toKitError } from '../errors/KitError.js'
import { type SerializedKitError, serializeKitError } from '../errors/serialize.js'
import type { EventInput, EventOf, EventType, KitEvent } from '../events/types.js'
import type { PluginSet } from '../plugins/registry.js'
import type { EffectContext, Transition } from './types.js'

/**
 * Keeps events of the given types, narrowed (RTK `isAnyOf`, for effects).
 * @example
 * import { ofType } from '@gangway/kit'
 * const sends$ = events$.pipe(ofType('send/requested'))
 * @param types - the event types to keep.
 * @returns the filtering operator.
 */
export function ofType<TType extends EventType>(
  ...types: TType[]
): OperatorFunction<KitEvent, EventOf<TType>> {
  const wanted = new Set<string>(types)
  return filter((event): event is EventOf<TType> => wanted.has(event.type))
}

/** How an operation handles a request that arrives while one with the same key is in flight. */
export interface OperationOptions<TRequest extends KitEvent> {
  /**
   * Requests with the same key replace each other: the older is aborted and gets a `CANCELLED`
   * failure at once (latest wins). Give each request its own key for independent work.
   */
  readonly key: (request: TRequest) => string
  /** Does the work; `emit` reports intermediate events; resolves to the success event. */
  readonly run: (
    request: TRequest,
    signal: AbortSignal,
    emit: (event: EventInput) => void,
  ) => Promise<EventInput>
  /** Builds the failure event. */
  readonly failed: (request: TRequest, error: SerializedKitError) => EventInput
  /** The code for errors that are not already a `KitError`. */
  readonly fallbackCode?: ErrorCode
  /** The catalogue entries of the feature's own codes, for a fallback code that is one of them. */
  readonly errors?: Readonly<Record<string, ErrorCodeEntry>>
  /** Maps native errors (per plugin) before the fallback applies. */
  readonly mapError?: (request: TRequest, error: unknown) => KitError
  /**
   * Whether a transition gives up a request in flight (the visitor left, or asked for the
   * opposite): it gets its `CANCELLED` failure at once and its work is aborted. Needs
   * `context.transitions$`.
   */
  readonly cancels?: (transition: Transition, request: TRequest) => boolean
  /**
   * How long the visitor waits for a request, on the kit's scheduler; past it the work is aborted
   * and the request fails with this error. Needs `context.env`.
   */
  readonly timeout?: (
    request: TRequest,
  ) => { readonly ms: number; readonly error: () => KitError } | undefined
}

/**
 * Runs one operation per request and guarantees exactly one terminal event per request, carrying
 * its `correlationId`, even when a newer request cancels it or the success event fails its
 * schema in the kit's catalogue (`context.validate`; then the terminal is a failure with
 * `INVALID_EVENT`). The operator every request effect (the kernel's and the features') is built on.
 * @example
 * import { ofType, runOperation } from '@gangway/kit'
 * const tipEffect: Effect = (context) =>
 *   context.events$.pipe(ofType('tip/requested'), runOperation(context, { key, run, failed }))
 * @param context - the effect's context (for the kit's catalogue).
 * @param options - how requests of the same key relate, the work, and the failure event.
 * @returns the operator.
 */
export function runOperation<TRequest extends KitEvent>(
  context: Pick<EffectContext, 'validate'> & Partial<Pick<EffectContext, 'transitions$' | 'env'>>,
  options: OperationOptions<TRequest>,
): OperatorFunction<TRequest, EventInput> {
  return (requests$) =>
    new Observable<EventInput>((subscriber) => {
      const inFlight = new Map<string, { request: TRequest; controller: AbortController }>()
      const terminal = (request: TRequest, event: EventInput): EventInput => {
        const correlationId = request.meta.correlationId
        return correlationId === undefined ? event : { ...event, correlationId }
      }
      const fail = (request: TRequest, error: unknown) => {
        const kitError =
          error instanceof KitError
            ? error
            : (options.mapError?.(request, error) ??
              toKitError(
                error,
                options.fallbackCode,
                options.fallbackCode ? options.errors?.[options.fallbackCode] : undefined,
              ))
        subscriber.next(terminal(request, options.failed(request, serializeKitError(kitError))))
      }
      const giveUp = (key: string, error: KitError) => {
        const entry = inFlight.get(key)
        if (!entry) return
        inFlight.delete(key)
        entry.controller.abort()
        fail(entry.request, error)
      }
      const cancellations =
        options.cancels && context.transitions$
          ? context.transitions$.subscribe((transition) => {
              for (const [key, entry] of [...inFlight]) {
                if (options.cancels?.(transition, entry.request)) {
                  giveUp(
                    key,
                    new CancelledError({ details: `Given up on ${transition.event.type}.` }),
                  )
                }
              }
            })
          : undefined
      const subscription = requests$.subscribe({
        next: (request) => {
          const key = options.key(request)
          giveUp(key, new CancelledError({ details: 'A newer request replaced it.' }))
          const controller = new AbortController()
          const entry = { request, controller }
          inFlight.set(key, entry)
          const isCurrent = () => inFlight.get(key) === entry
          const limit = options.timeout?.(request)
          const timer =
            limit && context.env
              ? context.env.scheduler.schedule(() => {
                  if (isCurrent()) giveUp(key, limit.error())
                }, limit.ms)
              : undefined
          controller.signal.addEventListener('abort', () => timer?.unsubscribe(), { once: true })
          const emit = (event: EventInput) => {
            if (isCurrent()) subscriber.next(event)
          }
          let work: Promise<EventInput>
          try {
            work = options.run(request, controller.signal, emit)
          } catch (error) {
            work = Promise.reject(error)
          }
          work.then(
            (success) => {
              if (!isCurrent()) return
              timer?.unsubscribe()
              inFlight.delete(key)
              try {
                subscriber.next(terminal(request, context.validate(success)))
              } catch (error) {
                fail(request, error)
              }
            },
            (error: unknown) => {
              if (!isCurrent()) return
              timer?.unsubscribe()
              inFlight.delete(key)
              fail(request, error)
            },
          )
        },
        error: (error) => subscriber.error(error),
        complete: () => subscriber.complete(),
      })
      return () => {
        cancellations?.unsubscribe()
        subscription.unsubscribe()
        for (const { controller } of inFlight.values()) controller.abort()
        inFlight.clear()
      }
    })
}

/**
 * Maps an error from a plugin call: the plugin's own mapping first (EIP-1193 codes and the like),
 * then the fallback; the result is tagged with the plugin's namespace.
 * @example
 * import { pluginError } from '@gangway/kit'
 * throw pluginError(context.plugins, 'eip155', error, 'SEND_FAILED')
 * @param plugins - the kit's plugins.
 * @param namespace - the plugin the error came through.
 * @param error - what it threw.
 * @param fallback - the code for errors neither a `KitError` nor mapped by the plugin.
 * @param entry - the fallback's catalogue entry when it is a feature's code.
 * @returns the `KitError`.
 */
export function pluginError(
  plugins: PluginSet,
  namespace: Namespace,
  error: unknown,
  fallback: ErrorCode,
  entry?: ErrorCodeEntry,
): KitError {
  const plugin = plugins.get(namespace)
  const mapped =
    error instanceof KitError
      ? error
      : (plugin?.toKitError?.(error) ?? toKitError(error, fallback, entry))
  if (mapped.plugin === undefined) {
    // `plugin` is readonly to callers; the kit stamps it once, here, as the error crosses out.
    ;(mapped as { plugin: string | undefined }).plugin = namespace
  }
  return mapped
}
