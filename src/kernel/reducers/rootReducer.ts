import { produce } from 'immer'
import { EVENT_TYPES } from '../events/schemas.js'
import type { KitEvent } from '../events/types.js'
import { createInitialState, type KitState } from '../state.js'
import { chainsReducer } from './chains.js'
import { connectorsReducer } from './connectors.js'
import type { SliceReducer } from './defineSliceReducer.js'
import { modalReducer } from './modal.js'
import { operationsReducer } from './operations.js'
import { optionsReducer } from './options.js'
import { sendReducer } from './send.js'
import { sessionReducer } from './session.js'
import { swapReducer } from './swap.js'
import { transactionsReducer } from './transactions.js'
import { walletRegistryReducer } from './walletRegistry.js'

const REDUCERS: readonly SliceReducer[] = [
  optionsReducer,
  connectorsReducer,
  chainsReducer,
  sessionReducer,
  sendReducer,
  swapReducer,
  transactionsReducer,
  walletRegistryReducer,
  operationsReducer,
  modalReducer,
] as readonly SliceReducer[]

/** Event type → the reducers that handle it, in their fixed order. */
const ROUTES: ReadonlyMap<string, readonly SliceReducer[]> = new Map(
  EVENT_TYPES.map((type) => [type, REDUCERS.filter((reducer) => reducer.handles.includes(type))]),
)

/**
 * Applies one event to the state: pure and total. Only the reducers that handle the event's type
 * run, each with an immer recipe over the keys it owns. An event that changes nothing returns the
 * same reference, so `distinctUntilChanged` downstream stays quiet.
 *
 * Order matters and is fixed: options and connectors first, then chains (accounts), then session,
 * and the modal/router last, because its rules read the account state the event produced.
 * @example
 * import { createInitialState, transition } from 'gangway'
 * const next = transition(createInitialState(), event)
 * @param state - the state before.
 * @param event - a schema-valid event.
 * @returns the state after.
 */
export function transition(state: KitState, event: KitEvent): KitState {
  const reducers = ROUTES.get(event.type)
  if (!reducers) return state
  let root = state
  for (const reducer of reducers) {
    if (reducer.skip?.(event, root)) continue
    const slice: Record<string, unknown> = {}
    for (const key of reducer.keys) slice[key] = root[key]
    const next = produce(slice, (draft) => {
      reducer.recipe(draft as never, event, root)
    })
    if (next !== slice) root = { ...root, ...next }
  }
  // Slices are frozen by immer; the root is frozen once, after every reducer ran.
  return root === state ? state : Object.freeze(root)
}

/**
 * Rebuilds state by folding events over a starting state. Replay is deterministic because
 * reducers read time only from `meta.at`. The whole fold runs inside one immer draft, each
 * reducer reading the up-to-date draft as its `root`: the result equals applying `transition`
 * event by event (a property test holds the two paths together), at a fraction of the cost,
 * because copy-on-write and freezing happen once per replay instead of once per event.
 * @example
 * import { rebuildState } from 'gangway'
 * const state = rebuildState(kit.log.replay())
 * @param events - the events, in `seq` order.
 * @param initial - where to start; the initial state by default.
 * @returns the state after the last event.
 */
export function rebuildState(events: readonly KitEvent[], initial?: KitState): KitState {
  const start = initial ?? createInitialState()
  if (events.length === 0) return start
  return produce(start, (draft) => {
    const root = draft as KitState
    for (const event of events) {
      const reducers = ROUTES.get(event.type)
      if (!reducers) continue
      for (const reducer of reducers) reducer.recipe(draft as never, event, root)
    }
  })
}
