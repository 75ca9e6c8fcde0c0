/**
 * The checks every feature must pass, Gangway's own and a site's: what its eager part declares,
 * what `load()` brings, and that a kit loads it and can rebuild its state from the log.
 * Framework-agnostic, like the chain plugin checks.
 * @module
 */
import {
  createInitialState,
  createKit,
  ERROR_CODE_PATTERN,
  type FeatureDefinition,
  type FeatureModule,
  type KitState,
  rebuildState,
} from '../../kernel/index.js'
import { createVirtualEnv, settle } from '../createVirtualEnv.js'
import type { ConformanceCheck } from './chainPlugin.js'

function expectThat(condition: boolean, message: string): void {
  if (!condition) throw new Error(message)
}

/** Whether a value survives a structured clone unchanged in shape: state must be plain data. */
function isPlainData(value: unknown): boolean {
  try {
    structuredClone(value)
  } catch {
    return false
  }
  if (typeof value === 'function' || typeof value === 'symbol') return false
  if (value === null || typeof value !== 'object') return true
  if (Array.isArray(value)) return value.every(isPlainData)
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return false
  return Object.values(value).every(isPlainData)
}

/** Options of {@link featureConformance}. */
export interface FeatureConformanceOptions {
  /** Plugins the feature needs in a kit (a namespace to act in); none by default. */
  readonly plugins?: Parameters<typeof createKit>[0]['plugins']
}

/**
 * The checks for one feature. Run them in your feature's test file:
 * @example
 * import { featureConformance } from '@gangway/kit/testing/conformance'
 * for (const check of featureConformance(tips())) test(check.name, check.run)
 * @param feature - the feature as a site registers it (`tips()`).
 * @param options - plugins the kit needs for the feature to load.
 * @returns the checks, each to be run as a test.
 * @see /docs/features.md#conformance
 */
export function featureConformance(
  feature: FeatureDefinition,
  options: FeatureConformanceOptions = {},
): readonly ConformanceCheck[] {
  const { name } = feature
  let loading: Promise<FeatureModule> | undefined
  const loadModule = () => {
    loading ??= feature.load() as Promise<FeatureModule>
    return loading
  }
  return [
    {
      name: `${name}: the eager part names the feature and its views`,
      run: () => {
        expectThat(
          /^[a-z][a-zA-Z0-9]{0,39}$/.test(name),
          `'${name}' is not a camelCase name (it is the state key and the event prefix)`,
        )
        for (const view of feature.views ?? []) {
          expectThat(/^[A-Z][A-Za-z0-9]{0,59}$/.test(view), `view '${view}' is not PascalCase`)
        }
        expectThat(typeof feature.load === 'function', 'the feature has no load()')
      },
    },
    {
      name: `${name}: load() brings events, errors and persisted keys under the feature's own name`,
      run: async () => {
        const module = await loadModule()
        expectThat(typeof module === 'object' && module !== null, 'load() brought no module')
        for (const [type, schema] of Object.entries(module.events ?? {})) {
          expectThat(type.startsWith(`${name}/`), `event '${type}' is not under '${name}/'`)
          expectThat(
            typeof (schema as { safeParse?: unknown }).safeParse === 'function',
            `event '${type}' has no zod schema`,
          )
        }
        for (const [code, entry] of Object.entries(module.errors ?? {})) {
          expectThat(ERROR_CODE_PATTERN.test(code), `error code '${code}' is not SCREAMING_SNAKE`)
          expectThat(
            typeof entry.userMessage === 'string' && entry.userMessage.length > 0,
            `error code '${code}' has no text for the visitor`,
          )
        }
        for (const key of Object.keys(module.persisted ?? {})) {
          expectThat(key.startsWith(name), `persisted key '${key}' does not start with '${name}'`)
        }
        for (const type of module.slice?.handles ?? []) {
          expectThat(/^[a-zA-Z]+\/[a-zA-Z]+$/.test(type), `the slice handles '${type}'`)
        }
      },
    },
    {
      name: `${name}: its state starts as plain data, from a fresh kit's state`,
      run: async () => {
        const module = await loadModule()
        if (!module.slice) return
        const initial = module.slice.initial(createInitialState(), {})
        expectThat(isPlainData(initial), 'the initial slice is not plain, cloneable data')
      },
    },
    {
      name: `${name}: a kit loads it on request, and rebuilds the same state from its log`,
      run: async () => {
        const env = createVirtualEnv()
        const kit = createKit({ plugins: options.plugins ?? [], features: [feature], env })
        try {
          await kit.loadFeature(name)
          await settle()
          const events = kit.log.replay()
          expectThat(
            events.some(
              (event) =>
                event.type === 'feature/loaded' &&
                (event.payload as { name: string }).name === name,
            ),
            'no feature/loaded event for the feature',
          )
          const state = kit.getState() as KitState & Record<string, unknown>
          const module = await loadModule()
          if (module.slice) {
            expectThat(name in state, `the state has no '${name}' slice after loading`)
            expectThat(isPlainData(state[name]), 'the loaded slice is not plain data')
          }
          const rebuilt = rebuildState(events, undefined, [{ name, module }]) as KitState &
            Record<string, unknown>
          expectThat(
            JSON.stringify(rebuilt[name]) === JSON.stringify(state[name]),
            'replaying the log gives another slice than the kit holds',
          )
        } finally {
          kit.destroy()
        }
      },
    },
  ]
}
