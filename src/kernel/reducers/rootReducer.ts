import { produce } from 'immer'
import type { KitEvent } from '../events/types.js'
import type { KitState } from '../state.js'
import { chainsReducer } from './chains.js'
import { connectorsReducer } from './connectors.js'
import { modalReducer } from './modal.js'
import { operationsReducer } from './operations.js'
import { optionsReducer } from './options.js'
import { sendReducer } from './send.js'
import { sessionReducer } from './session.js'
import { swapReducer } from './swap.js'
import { transactionsReducer } from './transactions.js'

/**
 * Applies one event to the state: pure and total. An event that changes nothing returns the same
 * reference, so `distinctUntilChanged` downstream stays quiet.
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
  return produce(state, (draft) => {
    optionsReducer(draft, event)
    connectorsReducer(draft, event)
    chainsReducer(draft, event)
    sessionReducer(draft, event)
    sendReducer(draft, event)
    swapReducer(draft, event)
    transactionsReducer(draft, event)
    operationsReducer(draft, event)
    modalReducer(draft, event)
  })
}

/**
 * Rebuilds state by folding events over a starting state; replay is deterministic because
 * reducers read time only from `meta.at`.
 * @example
 * import { createInitialState, rebuildState } from 'gangway'
 * const state = rebuildState(kit.log.replay())
 * @param events - the events, in `seq` order.
 * @param initial - where to start; the initial state by default.
 * @returns the state after the last event.
 */
export function rebuildState(events: readonly KitEvent[], initial?: KitState): KitState {
  let state = initial ?? createInitial()
  for (const event of events) state = transition(state, event)
  return state
}

import { createInitialState as createInitial } from '../state.js'
