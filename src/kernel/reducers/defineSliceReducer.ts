import type { Draft } from 'immer'
import type { EventType, KitEvent } from '../events/types.js'
import type { KitState } from '../state.js'

/**
 * A reducer that owns some top-level keys of the state: its immer recipe writes only those
 * (`draft`) and reads anything else from `root`, the plain state as updated by the reducers that
 * ran before it for this event. `handles` routes events to it, so an event no reducer handles
 * costs nothing and returns the same state.
 */
export interface SliceReducer<TKey extends keyof KitState = keyof KitState> {
  /** The state keys this reducer owns. */
  readonly keys: readonly TKey[]
  /** The event types it reacts to, or a test for them (for reducers generic over every triple). */
  readonly handles: readonly EventType[] | ((type: string) => boolean)
  /**
   * A cheap guard: `true` when the event cannot change this slice in this state, so the recipe
   * (and immer's copy-on-write machinery) is skipped. Must never skip a real change.
   */
  readonly skip?: (event: KitEvent, root: KitState) => boolean
  /** Pure and total; never throws for a schema-valid event. */
  readonly recipe: (draft: Draft<Pick<KitState, TKey>>, event: KitEvent, root: KitState) => void
}

/**
 * Declares a {@link SliceReducer}; an identity helper for inference.
 * @internal
 */
export function defineSliceReducer<TKey extends keyof KitState>(
  reducer: SliceReducer<TKey>,
): SliceReducer<TKey> {
  return reducer
}

/**
 * Whether a slice still holds its initial values (empty arrays count as equal): the cheap test
 * behind `skip` guards of resets.
 * @internal
 */
export function isPristine<TSlice extends object>(value: TSlice, initial: TSlice): boolean {
  for (const key of Object.keys(initial) as (keyof TSlice)[]) {
    const current = value[key]
    const original = initial[key]
    if (current === original) continue
    if (
      Array.isArray(current) &&
      Array.isArray(original) &&
      current.length === 0 &&
      original.length === 0
    ) {
      continue
    }
    return false
  }
  return true
}
