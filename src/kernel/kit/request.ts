import { filter, take } from 'rxjs'
import { KitError } from '../errors/KitError.js'
import { deserializeKitError, type SerializedKitError } from '../errors/serialize.js'
import type { EventInput, EventType, PayloadOf } from '../events/types.js'
import type { EventLog } from '../log/createEventLog.js'

/** Starts operations and waits for their terminal events (see `createRequests`). */
export interface Requests {
  /**
   * Appends a `x/requested` event with a fresh correlation id; resolves with the payload of its
   * `x/succeeded`, or rejects with the `KitError` of its `x/failed`.
   */
  request<TSuccess extends EventType>(
    input: EventInput,
    successType: TSuccess,
  ): Promise<PayloadOf<TSuccess>>
  /** Rejects the request waiting for `correlationId` (an effect's terminal event was dropped). */
  fail(correlationId: string, error: KitError): void
  /** Rejects every waiting request with KIT_DESTROYED. */
  destroy(): void
}

/**
 * Ties intents to the log: each request gets a correlation id and waits for the one terminal event
 * that carries it.
 * @internal
 */
export function createRequests(
  log: Pick<EventLog, 'events$'>,
  append: (input: EventInput) => void,
  nextId: () => string,
): Requests {
  const pending = new Map<string, (error: KitError) => void>()
  let destroyed = false
  return {
    request: (input, successType) => {
      if (destroyed) return Promise.reject(new KitError('KIT_DESTROYED'))
      const correlationId = nextId()
      const failureType = successType.replace(/\/succeeded$/, '/failed')
      return new Promise((resolve, reject) => {
        const settle = (error: KitError) => {
          subscription.unsubscribe()
          pending.delete(correlationId)
          reject(error)
        }
        const subscription = log.events$
          .pipe(
            filter(
              (event) =>
                event.meta.correlationId === correlationId &&
                (event.type === successType || event.type === failureType),
            ),
            take(1),
          )
          .subscribe((event) => {
            pending.delete(correlationId)
            if (event.type === successType) resolve(event.payload as PayloadOf<typeof successType>)
            else reject(deserializeKitError((event.payload as { error: SerializedKitError }).error))
          })
        pending.set(correlationId, settle)
        try {
          append({ ...input, correlationId } as EventInput)
        } catch (error) {
          settle(
            error instanceof KitError ? error : new KitError('UNKNOWN_ERROR', { cause: error }),
          )
        }
      })
    },
    fail: (correlationId, error) => pending.get(correlationId)?.(error),
    destroy: () => {
      destroyed = true
      for (const settle of [...pending.values()]) settle(new KitError('KIT_DESTROYED'))
    },
  }
}
