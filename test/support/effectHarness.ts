import { BehaviorSubject, map, Subject } from 'rxjs'
import {
  createEventLog,
  createInitialState,
  type Effect,
  type EventInput,
  type KitEvent,
  type KitState,
  type Transition,
  transition,
  validateEventInput,
} from '../../src/kernel/index.js'
import { createPluginSet } from '../../src/kernel/plugins/registry.js'
import type { VirtualEnv } from '../../src/testing/index.js'

/**
 * Runs one effect against a real log and the real reducers (no plugins), for effects whose
 * trigger has no public intent yet.
 */
export function runEffect(effect: Effect, env: VirtualEnv) {
  const log = createEventLog({ clock: env.clock, ids: env.ids })
  let state: KitState = createInitialState()
  const state$ = new BehaviorSubject(state)
  const transitions$ = new Subject<Transition>()
  const seen: KitEvent[] = []
  log.events$.subscribe((event) => {
    const before = state
    state = transition(before, event)
    state$.next(state)
    seen.push(event)
    transitions$.next({ event, before, after: state })
  })
  effect({
    events$: transitions$.pipe(map((entry) => entry.event)),
    transitions$,
    getState: () => state,
    env,
    plugins: createPluginSet([]),
    adapters: new Map(),
    validate: validateEventInput,
  }).subscribe((event) => log.append(event, 'effect'))
  return {
    append: (input: EventInput) => log.append(input, 'ui'),
    state: () => state,
    seen,
    types: () => seen.map((event) => event.type),
  }
}
