import type { CoreEventPayloads } from './schemas.js'

/**
 * The payloads of feature events, by type. Each feature augments it with its own events
 * (`declare module '@gangway/kit' { interface FeatureEventPayloads { 'swap/quoted': … } }`), so its
 * reducers and effects see them in the typed union; at run time a kit's catalogue holds only the
 * features that kit registered.
 * @example
 * declare module '@gangway/kit' {
 *   interface FeatureEventPayloads { 'tip/sent': { readonly amount: string } }
 * }
 * @see /docs/features.md
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface FeatureEventPayloads {}

/** The payload of each event type: the core catalogue and every feature's. */
export type EventPayloads = CoreEventPayloads & FeatureEventPayloads

/** Every event type: the core catalogue's and every feature's. */
export type EventType = keyof EventPayloads & string

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
