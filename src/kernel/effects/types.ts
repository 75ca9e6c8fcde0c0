import type { Observable } from 'rxjs'
import type { Namespace } from '../caip.js'
import type { Env } from '../env.js'
import type { EventInput, KitEvent } from '../events/types.js'
import type { BalanceQuery } from '../featureHost/types.js'
import type { PluginSet } from '../plugins/registry.js'
import type { BalanceResult, ChainAdapter } from '../plugins/types.js'
import type { KitState } from '../state.js'

/** One applied event with the state on either side of it. */
export interface Transition {
  readonly event: KitEvent
  readonly before: KitState
  readonly after: KitState
}

/** What every effect receives. */
export interface EffectContext {
  /** Every event, after the state already reflects it. */
  readonly events$: Observable<KitEvent>
  /** Events with the state before and after, for rules that depend on what changed. */
  readonly transitions$: Observable<Transition>
  /** The current state. */
  readonly getState: () => KitState
  readonly env: Env
  readonly plugins: PluginSet
  readonly adapters: ReadonlyMap<Namespace, ChainAdapter>
  /**
   * Checks an event against this kit's catalogue (the core events and its features'), returning
   * the parsed input. @throws INVALID_EVENT
   */
  readonly validate: (input: unknown) => EventInput
  /**
   * What the kit's features add to a balance read (prices, icons, tokens a data service knows);
   * absent in a kit without features.
   * @throws CANCELLED when `signal` aborts.
   */
  readonly joinBalances?: (
    read: BalanceResult,
    query: BalanceQuery,
    signal: AbortSignal,
  ) => Promise<BalanceResult>
}

/**
 * An effect turns events into more events. It is the only code that calls plugins, storage or
 * timers; what it emits is appended to the log with source `effect`, or `storage` for
 * `storage/*` events (the storage effects speak for storage).
 */
export type Effect = (context: EffectContext) => Observable<EventInput>
