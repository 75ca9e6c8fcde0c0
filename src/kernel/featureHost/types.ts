import type * as z from 'zod/mini'
import type { CaipAddress, CaipNetworkId, Namespace } from '../caip.js'
import type { Effect, Transition } from '../effects/types.js'
import type { Env } from '../env.js'
import type { ErrorCodeEntry } from '../errors/codes.js'
import type { EventInput, EventType, KitEvent, PayloadOf } from '../events/types.js'
import type { CoreIntents } from '../kit/intents.js'
import type { BalanceResult } from '../plugins/types.js'
import type { KitState } from '../state.js'

/**
 * A feature's state: one slice under the feature's name. It starts when the feature's code has
 * loaded (the `feature/loaded` event), from the root state at that moment and what storage kept
 * for it, so a feature loaded late holds the same state as one loaded at start.
 */
export interface FeatureSlice<TState> {
  /**
   * The slice when the feature loads. `root` is the state at that moment; `restored` holds the
   * feature's persisted keys that storage kept, each already checked against its schema.
   */
  initial(root: KitState, restored: Readonly<Record<string, unknown>>): TState
  /** The event types the recipe reacts to: the feature's own and any core ones. */
  readonly handles: readonly string[]
  /**
   * Pure and total, like every reducer: writes its slice (an immer draft; or returns a new one),
   * reads the rest of the state from `root`, never throws for a schema-valid event.
   */
  recipe(draft: TState, event: KitEvent, root: KitState): TState | undefined
}

/** A value a feature keeps across reloads: its schema (stored text is untrusted) and where it is. */
export interface PersistedEntry<TState> {
  /** What the stored JSON must pass; anything else is discarded, never trusted. */
  readonly schema: z.ZodMiniType
  /** The value to store; `null`, `[]` and `{}` remove the key. */
  select(slice: TState, root: KitState): unknown
}

/**
 * What a feature's router rule asks for after an event: show a view on top (`push`), replace the
 * history with one view (`reset`), open the modal on a view (`open`), close it (`close`, which
 * in an embedded modal goes back to its resting view), or take the top view away (`back`: the
 * view under it shows, or with nothing under it the modal closes, as the back button does).
 */
export type RouteCommand =
  | { readonly push: string }
  | { readonly reset: string }
  | { readonly open: string }
  | { readonly close: true }
  | { readonly back: true }

/**
 * A router rule: after `event` (with its state in `root`), where the modal goes; `undefined` to
 * leave it. Runs after the core rules, in the reducer, so replay follows it too.
 */
export type RouteRule = (event: KitEvent, root: KitState) => RouteCommand | undefined

/** What a feature's intents get from the kit. */
export interface FeatureIntentContext {
  /** The current state (core and every loaded feature's slice). */
  readonly getState: () => KitState
  /** Appends an event the visitor caused (source `ui`). @throws INVALID_EVENT */
  readonly append: (input: EventInput) => void
  /**
   * Appends a `x/requested` event with a fresh correlation id and resolves with the payload of its
   * `x/succeeded`, or rejects with the `KitError` of its `x/failed`.
   */
  readonly request: <TSuccess extends EventType>(
    input: EventInput,
    successType: TSuccess,
  ) => Promise<PayloadOf<TSuccess>>
  /** The namespace to act in: the given one, else the active one. @throws PLUGIN_NOT_FOUND */
  readonly requireNamespace: (namespace?: Namespace) => Namespace
  /** Whether an address is valid in a namespace, by its plugin's schema. */
  readonly isValidAddress: (namespace: Namespace, address: string) => boolean
  readonly env: Env
  /** The kit's core intents (connect, disconnect, navigate, …), for flows that use them. */
  readonly kit: CoreIntents
}

/** The account and network of a balance read, as a feature joining it sees them. */
export interface BalanceQuery {
  readonly namespace: Namespace
  readonly networkId: CaipNetworkId
  readonly caipAddress: CaipAddress
  /** The address as the chain writes it. */
  readonly address: string
  /** The namespace's native token address (`TokenBalance.address` of its native currency). */
  readonly nativeTokenAddress: string
}

/**
 * A feature's part in balance reads: given what the plugin read (and what features before it
 * joined), the balances the account shows. It is given the kit's env and state, and the read's
 * signal; a rejection leaves the balances as they were before it.
 */
export type BalanceJoin = (
  read: BalanceResult,
  query: BalanceQuery,
  context: { readonly env: Env; readonly getState: () => KitState },
  signal: AbortSignal,
) => Promise<BalanceResult>

/**
 * The part of a feature that loads on first need: everything but its name, views and wake rule.
 * Every field is optional; a feature brings what it uses.
 */
export interface FeatureModule<TState = unknown, TIntents extends object = object> {
  /** zod payload schemas of the feature's events; each type starts with `<name>/`. */
  readonly events?: Readonly<Record<string, z.ZodMiniType>>
  /** The feature's state slice. */
  readonly slice?: FeatureSlice<TState>
  /** Effects, the same `Effect` type as the kernel's own. */
  readonly effects?: readonly Effect[]
  /** Error codes the feature raises, joining the catalogue (and `docs/errors.md`). */
  readonly errors?: Readonly<Record<string, ErrorCodeEntry>>
  /** Progress texts the feature shows as snacks, by id (`'TRANSACTION_STARTED'`). */
  readonly notices?: Readonly<Record<string, string>>
  /** Values kept across reloads, by storage key; each key starts with the feature's name. */
  readonly persisted?: Readonly<Record<string, PersistedEntry<TState>>>
  /** Router rules, applied after the core rules. */
  readonly routes?: readonly RouteRule[]
  /** Whether the visitor may close the modal now; `false` makes a close shake instead. */
  readonly canClose?: (state: KitState) => boolean
  /** Its part in the balance reads its definition's `joinsBalances` accepts. */
  readonly joinBalances?: BalanceJoin
  /** The intents, as `kit.features.<name>.*`. */
  intents?(context: FeatureIntentContext): TIntents
}

/**
 * A button the Account view offers for a feature (§9 wallet features: onramp, swaps, receive,
 * send), declared in the feature's eager part so it shows before the feature's code loads.
 */
export interface AccountActionSlot {
  /** Stable id: the §9 switch name for Gangway's own (`send`, `swaps`, `receive`, `onramp`). */
  readonly id: string
  /** The view the button opens. */
  readonly view: string
  /** Where it goes: §9's order for Gangway's own (onramp 0, swaps 1, receive 2, send 3); after them by default. */
  readonly order?: number
  /** Its text by BCP 47 language tag; `en` is required and the fallback. */
  readonly label: Readonly<Record<string, string>>
  /** Whether the button shows now (a network the feature serves, a server it needs). */
  readonly isOffered?: (state: KitState) => boolean
}

/** A tab the Account view shows for a feature (besides §2's Tokens). */
export interface AccountTabSlot {
  /** Stable id, stored as the selected tab (`activity`). */
  readonly id: string
  /** Its text by BCP 47 language tag; `en` is required and the fallback. */
  readonly label: Readonly<Record<string, string>>
  /** Whether the tab shows now. */
  readonly isOffered?: (state: KitState) => boolean
}

/**
 * What a feature brings to a UI: its React part, loaded on first need (by the React layer; the
 * kit itself never calls it), and the Account view's slots, which are plain data.
 */
export interface FeatureUiDefinition {
  /** Loads the feature's UI module (`@gangway/kit/react/<feature>`): views, tabs, copy. */
  readonly load: () => Promise<unknown>
  /** Buttons for the Account view. */
  readonly accountActions?: readonly AccountActionSlot[]
  /** Tabs for the Account view. */
  readonly accountTabs?: readonly AccountTabSlot[]
}

/**
 * A capability registered the way a chain plugin is (`createKit({ features: [send()] })`): a few
 * eager lines (name, views, wake rule) and one `load()` that brings the rest.
 */
export interface FeatureDefinition<
  TName extends string = string,
  TIntents extends object = object,
> {
  /** The state key, the `<name>/` event prefix and `kit.features.<name>`. */
  readonly name: TName
  /** The views it owns: navigating to one loads the feature. */
  readonly views?: readonly string[]
  /**
   * The feature's settings, as its factory checked them: plain JSON data, recorded in the log
   * (`kit/configured`) and kept in `state.kit.settings[name]`, where its eager rules (an Account
   * action's gate) and its views read them before its code loads. Hooks and functions stay in
   * the factory's closure.
   */
  readonly settings?: Readonly<Record<string, unknown>>
  /**
   * Also loads the feature when it holds for a transition (besides a view of its own being shown
   * and one of its intents being called). From that transition on, its effects see every one.
   */
  readonly wakesOn?: (transition: Transition) => boolean
  /**
   * Whether the feature takes part in a balance read of `namespace` now (its module's
   * `joinBalances`): such a read loads the feature first, so the balances the account shows
   * already carry what it adds. Omitted: it takes part in none.
   */
  readonly joinsBalances?: (state: KitState, namespace: Namespace) => boolean
  /** Loads the rest: one dynamic `import()`, so bundlers give it a chunk of its own. */
  load(): Promise<FeatureModule<unknown, TIntents>>
  /** What it brings to a UI: its React part (loaded by the React layer) and Account slots. */
  readonly ui?: FeatureUiDefinition
}

/** What `createKit({ features })` accepts: definitions, falsy entries (ignored) and nested arrays. */
export type FeatureInput = FeatureDefinition | false | null | undefined | readonly FeatureInput[]

/** A feature's intents as the kit exposes them: each returns a promise, since its code may still be loading. */
export type FeatureIntents<TIntents> = {
  readonly [TKey in keyof TIntents]: TIntents[TKey] extends (...args: infer TArgs) => infer TResult
    ? (...args: TArgs) => Promise<Awaited<TResult>>
    : never
}

/** The intents a feature definition brings. */
export type IntentsOf<TFeature> =
  TFeature extends FeatureDefinition<string, infer TIntents> ? FeatureIntents<TIntents> : never

/** `kit.features`: each registered feature's intents under its name. */
export type FeatureApis<TFeatures> = {
  readonly [TFeature in Flatten<TFeatures> as TFeature['name']]: IntentsOf<TFeature>
}

/** The definitions in a features list (falsy entries and one level of nesting allowed). */
type Flatten<TInput> = TInput extends readonly (infer TEntry)[]
  ?
      | Extract<TEntry, FeatureDefinition>
      | Extract<Extract<TEntry, readonly unknown[]>[number], FeatureDefinition>
  : never

/** A loaded feature: its name and module, as replay (`rebuildState`) needs them. */
export interface LoadedFeature {
  readonly name: string
  readonly module: FeatureModule
}
