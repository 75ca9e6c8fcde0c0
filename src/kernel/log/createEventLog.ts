import { type Observable, Subject } from 'rxjs'
import { LIMITS } from '../constants.js'
import type { Clock, IdSource } from '../env.js'
import type { EventInput, EventSource, KitEvent } from '../events/types.js'
import { validateEventInput } from '../events/validate.js'

/** Parameters of {@link createEventLog}. */
export interface CreateEventLogParameters {
  /** Stamps `meta.at`. */
  readonly clock: Clock
  /** Event ids. */
  readonly ids: IdSource
  /** How many events to keep in memory for `replay`; older ones are dropped. Default 10,000. */
  readonly retain?: number
  /**
   * The catalogue events are checked against: a kit's own (its features' events included); the
   * core catalogue by default.
   */
  readonly validate?: (input: unknown) => EventInput
}

/** The append-only, sequenced event log: the only writer of kit state. */
export interface EventLog {
  /**
   * Validates, stamps and appends an event, then emits it on `events$`. An event appended while
   * another is being delivered waits until that delivery ends, so every subscriber sees events in
   * `seq` order.
   * @throws INVALID_EVENT when the event is not in the catalogue or its payload fails its schema;
   * nothing is appended then.
   */
  append(input: EventInput, source: EventSource): KitEvent
  /** Every appended event, hot, in order. */
  readonly events$: Observable<KitEvent>
  /** The retained events from `fromSeq` on (for tests, devtools and persistence). */
  replay(fromSeq?: number): readonly KitEvent[]
  /** The last `seq` handed out, 0 before any. */
  lastSeq(): number
}

/**
 * Creates an {@link EventLog}.
 * @example
 * import { createEventLog, createEnv } from '@gangway/kit'
 * const env = createEnv()
 * const log = createEventLog({ clock: env.clock, ids: env.ids })
 * log.append({ type: 'modal/closed', payload: {} }, 'ui')
 * @param parameters - clock, ids and retention.
 * @returns the log.
 */
export function createEventLog(parameters: CreateEventLogParameters): EventLog {
  const retain = parameters.retain ?? LIMITS.eventLogRetained
  const validate = parameters.validate ?? validateEventInput
  const subject = new Subject<KitEvent>()
  const retained: KitEvent[] = []
  const pending: KitEvent[] = []
  let seq = 0
  let delivering = false

  const append = (input: EventInput, source: EventSource): KitEvent => {
    const valid = validate(input)
    seq += 1
    const event = {
      type: valid.type,
      payload: valid.payload,
      meta: {
        id: parameters.ids.next(),
        seq,
        at: parameters.clock.now(),
        source,
        ...(valid.correlationId === undefined ? {} : { correlationId: valid.correlationId }),
      },
    } as KitEvent
    retained.push(event)
    if (retained.length > retain) retained.splice(0, retained.length - retain)
    pending.push(event)
    if (!delivering) {
      delivering = true
      try {
        for (let next = pending.shift(); next; next = pending.shift()) subject.next(next)
      } finally {
        delivering = false
      }
    }
    return event
  }

  return {
    append,
    events$: subject.asObservable(),
    replay: (fromSeq = 1) => retained.filter((event) => event.meta.seq >= fromSeq),
    lastSeq: () => seq,
  }
}
