import type { EventPayloads, EventType } from './schemas.js'

/**
 * Where an event came from: `kit` (configuration at start), the UI (intents), an effect, storage,
 * or a plugin (`plugin:<namespace>`).
 */
export type EventSource = 'kit' | 'ui' | 'effect' | 'storage' | `plugin:${string}`

/** What the log stamps on every event. */
export interface EventMeta {
  /** Unique id. */
  readonly id: string
  /** Position in the log, from 1, without gaps. */
  readonly seq: number
  /** Milliseconds since the epoch, from the kit's clock. */
  readonly at: number
  /** Who appended it. */
  readonly source: EventSource
  /** Ties an operation's `x/requested` to its one terminal event. */
  readonly correlationId?: string
}

/** One event of the closed catalogue, as the log holds it. */
export type KitEvent = {
  [TType in EventType]: {
    readonly type: TType
    readonly payload: EventPayloads[TType]
    readonly meta: EventMeta
  }
}[EventType]

/** The event of one type. */
export type EventOf<TType extends EventType> = Extract<KitEvent, { type: TType }>

/** An event before the log stamps it: what intents, effects and plugins hand to `append`. */
export type EventInput = {
  [TType in EventType]: {
    readonly type: TType
    readonly payload: EventPayloads[TType]
    readonly correlationId?: string
  }
}[EventType]

/** The input of one event type. */
export type EventInputOf<TType extends EventType> = Extract<EventInput, { type: TType }>

/** The payload of one event type. */
export type PayloadOf<TType extends EventType> = EventPayloads[TType]
