import { type Observable, Subject, type Subscription } from 'rxjs'
import { discardStoredKeys } from '../effects/persist.js'
import type { EffectContext, Transition } from '../effects/types.js'
import type { KitCatalogue } from '../errors/catalogue.js'
import { KitError } from '../errors/KitError.js'
import type { EventCatalogue } from '../events/catalogue.js'
import type { EventInput } from '../events/types.js'
import { createLoader, type Loader } from '../lazy/createLoader.js'
import { loadFailure, startEffects } from '../lazy/lazyEffects.js'
import { createReplayQueue, type ReplayQueue } from '../lazy/replayQueue.js'
import type { BalanceResult } from '../plugins/types.js'
import type { RootReducer } from '../reducers/rootReducer.js'
import type { KitState } from '../state.js'
import { readStoredKeys } from '../storage/persisted.js'
import { untilAborted } from '../untilAborted.js'
import type {
  BalanceQuery,
  FeatureDefinition,
  FeatureIntentContext,
  FeatureModule,
} from './types.js'

/** Everything the feature runtime needs from the kit being built. */
export interface FeatureRuntimeParameters {
  readonly features: readonly FeatureDefinition[]
  readonly catalogue: EventCatalogue
  /** The kit's error codes and notices, which each loaded feature's join. */
  readonly errorCatalogue: KitCatalogue
  readonly reducer: RootReducer
  /** Appends with the kit's error handling; `source` is `effect` unless given. */
  readonly append: (input: EventInput, source?: 'effect' | 'storage' | 'ui') => void
  readonly transitions$: Observable<Transition>
  readonly effectContext: EffectContext
  readonly intentContext: FeatureIntentContext
  /** Remembers stored text read at load, so the first write of an unchanged key is skipped. */
  readonly rememberStored: (key: string, text: string) => void
  /**
   * Whether the kit has applied storage. Until it has (a server-rendered page before hydration),
   * a feature whose code arrived waits to be installed: its slice starts from what storage kept.
   */
  readonly storageApplied: () => boolean
}

/** The kit's view of its features (see `createFeatureRuntime`). */
export interface FeatureRuntime {
  /** `kit.features`: each feature's intents under its name. */
  readonly apis: Readonly<Record<string, object>>
  /** Whether every loaded feature lets the modal close now. */
  canClose(state: KitState): boolean
  /** The values loaded features keep across reloads, by storage key. */
  persisted(state: KitState): Record<string, unknown>
  /** The registered feature owning an event type (its `<name>/` prefix) whose code has not loaded. */
  pendingOwnerOf(type: string): string | undefined
  /** Resolves once a feature's code is installed, loading it if it was asleep. */
  whenLoaded(name: string): Promise<void>
  /** Storage is applied now: installs the features whose code arrived before. */
  applyStorage(): void
  /**
   * A balance read joined by every feature whose `joinsBalances` accepts it, in registration order,
   * each loaded first. A feature that fails to load or to join is left out of this read.
   * @throws CANCELLED when `signal` aborts.
   */
  joinBalances(
    read: BalanceResult,
    query: BalanceQuery,
    signal: AbortSignal,
  ): Promise<BalanceResult>
  /** Stops every feature's effects; waiting intents reject with KIT_DESTROYED. */
  destroy(): void
}

interface Waiting {
  readonly intent: string
  readonly args: readonly unknown[]
  readonly resolve: (value: unknown) => void
  readonly reject: (error: unknown) => void
}

interface Entry {
  readonly definition: FeatureDefinition
  readonly loader: Loader<FeatureModule>
  readonly queue: ReplayQueue<Transition>
  phase: 'asleep' | 'loading' | 'loaded'
  module?: FeatureModule
  /** Code that arrived before storage was applied, installed when it is. */
  arrived?: FeatureModule
  intents?: Record<string, unknown>
  waiting: Waiting[]
  /** `whenLoaded` callers. */
  loadWaiters: { readonly resolve: () => void; readonly reject: (error: unknown) => void }[]
  running?: Subscription
}

// `await kit.features.swap` must not look like a promise, nor may devtools probing a proxy wake it.
const NOT_INTENTS = new Set(['then', 'toJSON', 'constructor', 'asymmetricMatch', '$$typeof'])

/**
 * Runs a kit's features: wakes each on the first of its views being shown, one of its intents being
 * called, or its own wake rule; loads its code once; installs (once the kit has applied storage)
 * its events, errors, slice, router rules and persisted keys; replays to its effects every transition from the waking one on, in log
 * order; and runs the intents that were waiting. A failed download fails each waiting intent with
 * one `feature/failed` event and leaves the feature asleep, to be woken again.
 * @internal
 */
export function createFeatureRuntime(parameters: FeatureRuntimeParameters): FeatureRuntime {
  const { catalogue, reducer, append, effectContext, intentContext } = parameters
  const entries = new Map<string, Entry>()
  for (const definition of parameters.features) {
    entries.set(definition.name, {
      definition,
      loader: createLoader(() => definition.load()),
      queue: createReplayQueue<Transition>(),
      phase: 'asleep',
      waiting: [],
      loadWaiters: [],
    })
  }
  let destroyed = false

  const install = (entry: Entry, module: FeatureModule) => {
    const { name } = entry.definition
    catalogue.addFeature(name, module.events ?? {})
    parameters.errorCatalogue.add(module.errors ?? {}, module.notices ?? {})
    reducer.inject({ name, module })
    entry.module = module
    entry.intents = (module.intents?.(intentContext) ?? {}) as Record<string, unknown>
    const schemas = Object.fromEntries(
      Object.entries(module.persisted ?? {}).map(([key, persisted]) => [key, persisted.schema]),
    )
    const stored = readStoredKeys(effectContext.env.storage, schemas)
    for (const [key, text] of Object.entries(stored.raw)) parameters.rememberStored(key, text)
    const local$ = new Subject<Transition>()
    entry.running = startEffects(
      module.effects ?? [],
      effectContext,
      local$,
      (event) => append(event),
      // An effect that errors is a bug in it; the kit carries on without it.
      () => undefined,
    )
    entry.phase = 'loaded'
    for (const report of discardStoredKeys(effectContext.env.storage, stored.discarded)) {
      append(report, 'storage')
    }
    // Its slice starts here; the transition joins the queue behind the ones that woke it.
    append({ type: 'feature/loaded', payload: { name, restored: stored.values } }, 'effect')
    entry.queue.start((transition) => local$.next(transition))
    for (const waiter of entry.loadWaiters.splice(0)) waiter.resolve()
    for (const call of entry.waiting.splice(0)) run(entry, call)
  }

  const fail = (entry: Entry, cause: unknown) => {
    entry.phase = 'asleep'
    entry.queue.reset()
    const error = loadFailure(cause, `${entry.definition.name} feature`)
    for (const call of entry.waiting.splice(0)) {
      append(
        {
          type: 'feature/failed',
          payload: { name: entry.definition.name, intent: call.intent, error },
          correlationId: effectContext.env.ids.next(),
        },
        'effect',
      )
      call.reject(new KitError('SOMETHING_WENT_WRONG', { details: error.details, cause }))
    }
    for (const waiter of entry.loadWaiters.splice(0)) {
      waiter.reject(new KitError('SOMETHING_WENT_WRONG', { details: error.details, cause }))
    }
  }

  const settle = (entry: Entry, module: FeatureModule) => {
    try {
      install(entry, module)
    } catch (error) {
      fail(entry, error)
    }
  }

  const wake = (entry: Entry) => {
    if (entry.phase !== 'asleep' || destroyed) return
    entry.phase = 'loading'
    entry.loader.load().then(
      (module) => {
        if (destroyed) return
        if (parameters.storageApplied()) settle(entry, module)
        else entry.arrived = module
      },
      (cause: unknown) => {
        if (!destroyed) fail(entry, cause)
      },
    )
  }

  const run = (entry: Entry, call: Waiting) => {
    const intent = entry.intents?.[call.intent]
    if (typeof intent !== 'function') {
      call.reject(
        new KitError('VALIDATION_FAILED', {
          details: `Feature "${entry.definition.name}" has no intent "${call.intent}".`,
        }),
      )
      return
    }
    try {
      Promise.resolve(intent(...call.args)).then(call.resolve, call.reject)
    } catch (error) {
      call.reject(error)
    }
  }

  const apis: Record<string, object> = {}
  for (const entry of entries.values()) {
    apis[entry.definition.name] = new Proxy(
      {},
      {
        get: (_target, key) => {
          if (typeof key !== 'string' || NOT_INTENTS.has(key)) return undefined
          if (entry.phase === 'loaded' && typeof entry.intents?.[key] !== 'function')
            return undefined
          return (...args: unknown[]) =>
            new Promise((resolve, reject) => {
              if (destroyed) {
                reject(new KitError('KIT_DESTROYED'))
                return
              }
              const call = { intent: key, args, resolve, reject }
              if (entry.phase === 'loaded') {
                run(entry, call)
                return
              }
              entry.waiting.push(call)
              wake(entry)
            })
        },
      },
    )
  }

  const subscription = parameters.transitions$.subscribe((transition) => {
    for (const entry of entries.values()) {
      if (entry.phase === 'asleep') {
        const { views, wakesOn } = entry.definition
        const { after } = transition
        const shown = after.modal.isOpen && views?.includes(after.router.view) === true
        if (!shown && !wakesOn?.(transition)) continue
        wake(entry)
      }
      entry.queue.push(transition)
    }
  })

  const whenLoaded = (name: string): Promise<void> => {
    const entry = entries.get(name)
    if (!entry) return Promise.reject(new KitError('VALIDATION_FAILED', { details: name }))
    if (entry.phase === 'loaded') return Promise.resolve()
    return new Promise<void>((resolve, reject) => {
      entry.loadWaiters.push({ resolve, reject })
      wake(entry)
    })
  }

  return {
    apis,
    joinBalances: async (read, query, signal) => {
      let result = read
      for (const entry of entries.values()) {
        const { name, joinsBalances } = entry.definition
        if (!joinsBalances?.(effectContext.getState(), query.namespace)) continue
        try {
          await untilAborted(whenLoaded(name), signal)
          const join = entry.module?.joinBalances
          if (join) {
            const context = { env: effectContext.env, getState: effectContext.getState }
            result = await untilAborted(join(result, query, context, signal), signal)
          }
        } catch (error) {
          // What this feature adds is lost for this read; the balances are not.
          if (signal.aborted) throw error
        }
      }
      return result
    },
    canClose: (state) =>
      [...entries.values()].every((entry) => entry.module?.canClose?.(state) ?? true),
    persisted: (state) => {
      const values: Record<string, unknown> = {}
      for (const entry of entries.values()) {
        const slice = (state as unknown as Record<string, unknown>)[entry.definition.name]
        if (!entry.module?.persisted || slice === undefined) continue
        for (const [key, persisted] of Object.entries(entry.module.persisted)) {
          values[key] = persisted.select(slice as never, state)
        }
      }
      return values
    },
    pendingOwnerOf: (type) => {
      const name = type.slice(0, type.indexOf('/'))
      const entry = entries.get(name)
      return entry && entry.phase !== 'loaded' ? name : undefined
    },
    whenLoaded,
    applyStorage: () => {
      for (const entry of entries.values()) {
        const module = entry.arrived
        if (module === undefined || destroyed) continue
        entry.arrived = undefined
        settle(entry, module)
      }
    },
    destroy: () => {
      destroyed = true
      subscription.unsubscribe()
      for (const entry of entries.values()) {
        entry.running?.unsubscribe()
        entry.queue.reset()
        for (const call of entry.waiting.splice(0)) call.reject(new KitError('KIT_DESTROYED'))
        for (const waiter of entry.loadWaiters.splice(0))
          waiter.reject(new KitError('KIT_DESTROYED'))
      }
    },
  }
}
