import type { EventInputOf, EventType, PayloadOf } from './types.js'

/**
 * Builds an event input of one type; typed, with no logic.
 * @example
 * import { createEvent } from '@gangway/kit'
 * createEvent('modal/opened', { view: 'Connect' })
 * @param type - the event type.
 * @param payload - its payload.
 * @param correlationId - ties an operation's events together.
 * @returns the input to append.
 */
export function createEvent<TType extends EventType>(
  type: TType,
  payload: PayloadOf<TType>,
  correlationId?: string,
): EventInputOf<TType> {
  return (
    correlationId === undefined ? { type, payload } : { type, payload, correlationId }
  ) as EventInputOf<TType>
}
