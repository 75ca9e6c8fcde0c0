import { BehaviorSubject, map, type Observable, Subject, type Subscription, skip } from 'rxjs'
import {
  connectEffect,
  disconnectEffect,
  reconnectEffect,
  switchNetworkEffect,
} from './effects/connection.js'
import { accountEffects } from './effects/groups.js'
import { createStorageEffects } from './effects/persist.js'
import type { Effect, EffectContext, Transition } from './effects/types.js'
import {
  failureSnackEffect,
  farcasterReloadEffect,
  prepareAdaptersEffect,
  shakeEffect,
  snackEffect,
} from './effects/ui.js'
import { createEnv } from './env.js'
import { createKitCatalogue } from './errors/catalogue.js'
import { KitError } from './errors/KitError.js'
import { createEventCatalogue } from './events/catalogue.js'
import { environmentSchema, optionsPayloadSchema } from './events/schemas.js'
import type { EventInput, EventSource, KitEvent } from './events/types.js'
import { parseOrThrow } from './events/validate.js'
import { createFeatureRuntime } from './featureHost/runtime.js'
import type { FeatureDefinition, FeatureInput } from './featureHost/types.js'
import { createCoreIntents } from './kit/intents.js'
import { flattenFeatures, toOptionsPayload } from './kit/options.js'
import { startPlugins } from './kit/plugins.js'
import { createRequests } from './kit/request.js'
import { createStreams } from './kit/streams.js'
import type { CreateKitParameters, Kit } from './kit/types.js'
import { createEventLog } from './log/createEventLog.js'
import { createPluginSet } from './plugins/registry.js'
import { createRootReducer } from './reducers/rootReducer.js'
import { detectEnvironment } from './rules/environment.js'
import { isStructurallyEqual, select$ } from './selectors/streams.js'
import { createInitialState, type KitState } from './state.js'
import { CORE_VIEWS } from './views.js'

/** The kernel's own effects; the features bring theirs. */
const EFFECTS: readonly Effect[] = [
  connectEffect,
  reconnectEffect,
  disconnectEffect,
  switchNetworkEffect,
  shakeEffect,
  snackEffect,
  farcasterReloadEffect,
  failureSnackEffect,
  prepareAdaptersEffect,
  // Loaded on first need (issue #4's first-open budget); see lazy/lazyEffects.ts.
  accountEffects,
]

/** The features' settings by name; each must be plain JSON, since the log keeps it. */
function settingsOf(
  features: readonly FeatureDefinition[],
): Record<string, Record<string, unknown>> {
  const settings: Record<string, Record<string, unknown>> = {}
  for (const feature of features) {
    if (feature.settings === undefined) continue
    const text = JSON.stringify(feature.settings)
    if (text === undefined || !isStructurallyEqual(JSON.parse(text), feature.settings)) {
      throw new KitError('VALIDATION_FAILED', {
        details: `The ${feature.name} feature's settings are not plain JSON.`,
      })
    }
    settings[feature.name] = JSON.parse(text) as Record<string, unknown>
  }
  return settings
}

/**
 * Creates a kit from the core alone: validates the options, registers the plugins and exactly the
 * features listed (none by default), starts the effects, restores what storage kept and
 * reconnects silently to the last wallets. With `ssr: true` the last two wait for `kit.restore()`
 * (which `KitProvider` calls once a server-rendered page has hydrated). Touches no browser global
 * at import; on a server it touches none at all. `createKit` from `@gangway/kit` is the preset
 * over this one: it registers the default features the §9 switches turn on.
 * @example
 * import { createKit } from '@gangway/kit/core'
 * import { eip155 } from '@gangway/kit/eip155'
 * const kit = createKit({ plugins: [eip155()] })
 * kit.open()
 * @example
 * // A server-rendered page (Next.js): the stored session applies after hydration.
 * const kit = createKit({ plugins: [eip155()], ssr: true })
 * @param parameters - plugins, features and options.
 * @returns the running kit.
 * @throws PLUGIN_ALREADY_REGISTERED, VALIDATION_FAILED
 * @see /docs/architecture.md
 */
export function createKit<const TFeatures extends readonly FeatureInput[] = readonly []>(
  parameters: CreateKitParameters<TFeatures>,
): Kit<TFeatures> {
  // ---------------------------------------------------------------- configuration
  const plugins = createPluginSet(parameters.plugins)
  const env = createEnv({
    ...parameters.env,
    ...(parameters.storage ? { storage: parameters.storage } : {}),
  })
  const switches = parameters.switches ?? {}
  const features = flattenFeatures(parameters.features ?? [])
  const names = features.map((feature) => feature.name)
  if (
    new Set(names).size !== names.length ||
    names.some((name) => !/^[a-z][a-zA-Z0-9]*$/.test(name))
  )
    throw new KitError('VALIDATION_FAILED', { details: `Feature names ${names.join(', ')}.` })
  const options = parseOrThrow(optionsPayloadSchema, toOptionsPayload(parameters, switches))
  const environment = parseOrThrow(environmentSchema, {
    ...detectEnvironment(),
    ...parameters.environment,
  })

  // ---------------------------------------------------------------- log and state
  // The core's views and those of the registered features: nothing offers a view whose code the
  // kit cannot load.
  const views = [...new Set([...CORE_VIEWS, ...features.flatMap((feature) => feature.views ?? [])])]
  const catalogue = createEventCatalogue({ views })
  const errorCatalogue = createKitCatalogue()
  const reducer = createRootReducer()
  const log = createEventLog({
    clock: env.clock,
    ids: env.ids,
    validate: catalogue.validate,
    ...(parameters.logRetain === undefined ? {} : { retain: parameters.logRetain }),
  })
  let state = createInitialState()
  const state$ = new BehaviorSubject<KitState>(state)
  const transitions$ = new Subject<Transition>()
  const stateSubscription = log.events$.subscribe((event) => {
    const before = state
    const after = reducer.transition(before, event)
    state = after
    if (after !== before) state$.next(after)
    transitions$.next({ event, before, after })
  })
  const events$: Observable<KitEvent> = transitions$.pipe(map((entry) => entry.event))
  const getState = () => state
  const append = (input: EventInput, source: EventSource = 'ui') => log.append(input, source)
  const requests = createRequests(
    log,
    (input) => append(input),
    () => env.ids.next(),
  )
  const subscriptions: Subscription[] = [stateSubscription]
  // What an effect emits is appended with its source; an event that fails its schema is a kit
  // bug: dropping it keeps state consistent, and an intent waiting for it must not hang.
  const appendFromEffect = (event: EventInput, source: EventSource = 'effect') => {
    try {
      append(event, event.type.startsWith('storage/') ? 'storage' : source)
    } catch (error) {
      if (event.correlationId) {
        requests.fail(
          event.correlationId,
          error instanceof KitError ? error : new KitError('INVALID_EVENT', { cause: error }),
        )
      }
    }
  }

  append(
    {
      type: 'kit/configured',
      payload: { options, environment, features: names, views, settings: settingsOf(features) },
    },
    'kit',
  )

  // ---------------------------------------------------------------- plugins and features
  let runtime: ReturnType<typeof createFeatureRuntime> | undefined
  const started = startPlugins({
    plugins,
    env,
    append,
    settings: {
      projectId: options.projectId,
      tokens: options.tokens,
      // Only the site's own switch counts: §9 defaults analytics on, vendor telemetry stays off.
      analytics: switches.analytics === true,
    },
    pendingFeatureOf: (type) => runtime?.pendingOwnerOf(type),
    whenLoaded: (name) => runtime?.whenLoaded(name) ?? Promise.resolve(),
  })
  // What follows from the options alone, before the page's wallets, storage or the visitor: the
  // state a server renders, and so the state hydration must render (useKit's server snapshot).
  const initialState = state
  started.listen()
  subscriptions.push(...started.subscriptions)
  const context: EffectContext = {
    events$,
    transitions$,
    getState,
    env,
    plugins,
    adapters: started.adapters,
    validate: catalogue.validate,
    joinBalances: (read, query, signal) =>
      runtime ? runtime.joinBalances(read, query, signal) : Promise.resolve(read),
  }
  const core = createCoreIntents({
    getState,
    append,
    requests,
    plugins,
    env,
    featuresAllowClose: (current) => runtime?.canClose(current) ?? true,
    hasView: catalogue.hasView,
  })
  runtime = createFeatureRuntime({
    features,
    catalogue,
    errorCatalogue,
    reducer,
    append: (event, source) => appendFromEffect(event, source),
    transitions$,
    effectContext: context,
    intentContext: {
      getState,
      append,
      request: requests.request,
      requireNamespace: core.requireNamespace,
      isValidAddress: core.isValidAddress,
      env,
      kit: core.intents,
    },
    rememberStored: (key, text) => storage.remember(key, text),
    storageApplied: () => restored,
  })

  // ---------------------------------------------------------------- effects and storage
  const storage = createStorageEffects(
    plugins.list.map((plugin) => plugin.namespace),
    (current) => runtime?.persisted(current) ?? {},
  )
  for (const effect of [...EFFECTS, storage.persist]) {
    subscriptions.push(effect(context).subscribe((event) => appendFromEffect(event)))
  }
  let destroyed = false
  let restored = false
  // Last: every other effect (reconnect among them) is listening by then. Features whose code
  // arrived before wait for it, since their slices start from what storage kept.
  const restore = () => {
    if (restored || destroyed) return
    restored = true
    subscriptions.push(storage.restore(context).subscribe((event) => appendFromEffect(event)))
    runtime?.applyStorage()
  }
  if (parameters.ssr !== true) restore()

  // ---------------------------------------------------------------- the kit
  return {
    getState,
    getInitialState: () => initialState,
    catalogue: errorCatalogue,
    ssr: parameters.ssr === true,
    restore,
    subscribe: (listener) => {
      // BehaviorSubject replays the current state at once; listeners want changes only.
      const subscription = state$.pipe(skip(1)).subscribe(listener)
      return () => subscription.unsubscribe()
    },
    state$: state$.asObservable(),
    events$,
    select$: (selector, equals) => select$(state$, selector, equals),
    streams: createStreams(state$),
    log: { replay: log.replay, lastSeq: log.lastSeq },
    features: runtime.apis as unknown as Kit<TFeatures>['features'],
    definitions: features,
    loadFeature: (name) =>
      runtime?.whenLoaded(name) ?? Promise.reject(new KitError('KIT_DESTROYED')),
    ...core.intents,
    destroy: () => {
      if (destroyed) return
      destroyed = true
      runtime?.destroy()
      for (const subscription of subscriptions) subscription.unsubscribe()
      for (const adapter of started.adapters.values()) adapter.destroy?.()
      requests.destroy()
      transitions$.complete()
      state$.complete()
    },
  }
}
