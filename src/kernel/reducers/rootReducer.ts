import { type Draft, produce } from 'immer'
import type { KitEvent } from '../events/types.js'
import type { FeatureModule, FeatureSlice, LoadedFeature, RouteRule } from '../featureHost/types.js'
import { createInitialState, type KitState } from '../state.js'
import { connectorsReducer, walletCatalogueReducer } from './connectors.js'
import type { SliceReducer } from './defineSliceReducer.js'
import { applyRouteCommand, modalReducer, type RouterDraft } from './modal.js'
import { namespacesReducer } from './namespaces.js'
import { operationsReducer } from './operations.js'
import { optionsReducer } from './options.js'
import { sessionReducer } from './session.js'

/** The core reducers before the feature slices, in their fixed order. */
const BEFORE_FEATURES: readonly SliceReducer[] = [
  optionsReducer,
  connectorsReducer,
  walletCatalogueReducer,
  namespacesReducer,
  sessionReducer,
  operationsReducer,
] as readonly SliceReducer[]

/** One step of a fold: a core reducer, or a feature's slice. */
type Step =
  | { readonly kind: 'core'; readonly reducer: SliceReducer }
  | { readonly kind: 'feature'; readonly name: string; readonly slice: FeatureSlice<unknown> }

const handlesType = (reducer: SliceReducer, type: string) =>
  typeof reducer.handles === 'function'
    ? reducer.handles(type)
    : (reducer.handles as readonly string[]).includes(type)

type Mutable = Record<string, unknown>

/** A kit's reducer: the core reducers plus the slices and router rules of its loaded features. */
export interface RootReducer {
  /** Applies one event (see {@link transition}). */
  transition(state: KitState, event: KitEvent): KitState
  /** Folds events over a state in one draft (see {@link rebuildState}). */
  rebuild(events: readonly KitEvent[], initial?: KitState): KitState
  /**
   * Adds a loaded feature's slice and router rules. Its slice starts at its `feature/loaded` event;
   * events before that are not its own.
   */
  inject(feature: LoadedFeature): void
}

/**
 * Creates a kit's {@link RootReducer}, knowing `features` from the start (replay of a log with
 * feature events needs their slices).
 * @example
 * import { createRootReducer } from '@gangway/kit'
 * const reducer = createRootReducer([{ name: 'tips', module: tipsModule }])
 * const state = reducer.rebuild(kit.log.replay())
 * @param features - loaded features whose slices and rules apply.
 * @returns the reducer.
 * @see /docs/features.md
 */
export function createRootReducer(features: readonly LoadedFeature[] = []): RootReducer {
  const modules = new Map<string, FeatureModule>()
  const routes: RouteRule[] = []
  const routing = new Map<string, readonly Step[]>()
  const stepsFor = (type: string): readonly Step[] => {
    let steps = routing.get(type)
    if (!steps) {
      const built: Step[] = BEFORE_FEATURES.filter((reducer) => handlesType(reducer, type)).map(
        (reducer) => ({ kind: 'core', reducer }),
      )
      for (const [name, module] of modules) {
        if (module.slice?.handles.includes(type)) {
          built.push({ kind: 'feature', name, slice: module.slice as FeatureSlice<unknown> })
        }
      }
      if (handlesType(modalReducer as SliceReducer, type)) {
        built.push({ kind: 'core', reducer: modalReducer as SliceReducer })
      }
      steps = built
      routing.set(type, steps)
    }
    return steps
  }
  const inject = ({ name, module }: LoadedFeature) => {
    if (modules.has(name)) return
    modules.set(name, module)
    routes.push(...(module.routes ?? []))
    routing.clear()
  }
  for (const feature of features) inject(feature)

  // A feature's slice begins at its `feature/loaded` event, from the state at that moment.
  const started = (event: KitEvent, root: KitState) => {
    if (event.type !== 'feature/loaded') return undefined
    const { name, restored } = event.payload
    const slice = modules.get(name)?.slice
    if (!slice || (root as unknown as Mutable)[name] !== undefined) return undefined
    return { name, value: slice.initial(root, restored) }
  }

  const transition = (state: KitState, event: KitEvent): KitState => {
    let root = state
    const start = started(event, root)
    if (start) root = { ...root, [start.name]: produce(start.value, () => undefined) }
    for (const step of stepsFor(event.type)) {
      if (step.kind === 'core') {
        const { reducer } = step
        if (reducer.skip?.(event, root)) continue
        const slice: Mutable = {}
        for (const key of reducer.keys) slice[key] = root[key]
        const next = produce(slice, (draft) => {
          reducer.recipe(draft as never, event, root)
        })
        if (next !== slice) root = { ...root, ...next }
        continue
      }
      const current = (root as unknown as Mutable)[step.name]
      if (current === undefined) continue
      const next = produce(current, (draft: Draft<unknown>) =>
        step.slice.recipe(draft, event, root),
      )
      if (next !== current) root = { ...root, [step.name]: next }
    }
    for (const rule of routes) {
      const command = rule(event, root)
      if (!command) continue
      const slice = { modal: root.modal, router: root.router }
      const next = produce(slice, (draft) => applyRouteCommand(draft as RouterDraft, command, root))
      if (next !== slice) root = { ...root, ...next }
    }
    // Slices are frozen by immer; the root is frozen once, after every reducer ran.
    return root === state ? state : Object.freeze(root)
  }

  const rebuild = (events: readonly KitEvent[], initial?: KitState): KitState => {
    const start = initial ?? createInitialState()
    if (events.length === 0) return start
    return produce(start, (draft) => {
      const root = draft as KitState
      const mutable = draft as unknown as Mutable
      for (const event of events) {
        const begun = started(event, root)
        if (begun) mutable[begun.name] = begun.value
        for (const step of stepsFor(event.type)) {
          if (step.kind === 'core') {
            step.reducer.recipe(draft as never, event, root)
            continue
          }
          if (mutable[step.name] === undefined) continue
          const result = step.slice.recipe(mutable[step.name] as Draft<unknown>, event, root)
          if (result !== undefined) mutable[step.name] = result
        }
        for (const rule of routes) {
          const command = rule(event, root)
          if (command) applyRouteCommand(draft as RouterDraft, command, root)
        }
      }
    })
  }

  return { transition, rebuild, inject }
}

const coreReducer = createRootReducer()

/**
 * Applies one event to the state: pure and total. Only the reducers that handle the event's type
 * run, each with an immer recipe over the keys it owns. An event that changes nothing returns the
 * same reference, so `distinctUntilChanged` downstream stays quiet.
 *
 * Order matters and is fixed: options and connectors first, then chains (accounts), then session,
 * operations, the features' slices, and the modal/router last, because its rules read the account
 * state the event produced; the features' router rules follow the core ones. This is the core
 * reducer; a kit with features folds with its own (`createRootReducer`).
 * @example
 * import { createInitialState, transition } from '@gangway/kit'
 * const next = transition(createInitialState(), event)
 * @param state - the state before.
 * @param event - a schema-valid event.
 * @returns the state after.
 */
export function transition(state: KitState, event: KitEvent): KitState {
  return coreReducer.transition(state, event)
}

/**
 * Rebuilds state by folding events over a starting state. Replay is deterministic because
 * reducers read time only from `meta.at`. The whole fold runs inside one immer draft, each
 * reducer reading the up-to-date draft as its `root`: the result equals applying `transition`
 * event by event (a property test holds the two paths together), at a fraction of the cost,
 * because copy-on-write and freezing happen once per replay instead of once per event.
 * @example
 * import { rebuildState } from '@gangway/kit'
 * const state = rebuildState(kit.log.replay())
 * @param events - the events, in `seq` order.
 * @param initial - where to start; the initial state by default.
 * @param features - loaded features whose events the log holds (their slices and router rules).
 * @returns the state after the last event.
 */
export function rebuildState(
  events: readonly KitEvent[],
  initial?: KitState,
  features?: readonly LoadedFeature[],
): KitState {
  return (features?.length ? createRootReducer(features) : coreReducer).rebuild(events, initial)
}
