import { map, Observable, Subject, Subscription } from 'rxjs'
import { KitError } from '../errors/KitError.js'
import { type SerializedKitError, serializeKitError } from '../errors/serialize.js'
import type { EventInput, KitEvent } from '../events/types.js'
import type { Effect, EffectContext, Transition } from './types.js'

/** A group of effects whose code is downloaded the first time the kit needs it. */
export interface LazyEffectGroup {
  /** Names the group in the error a failed download reports. */
  readonly name: string
  /**
   * The first transition for which this holds wakes the group: its code starts loading, and that
   * transition and every later one reach its effects, in order, once it has loaded. Nothing the
   * effects would have acted on may come before it.
   */
  readonly wakesOn: (transition: Transition) => boolean
  /** Loads the group's effects (a dynamic import, so bundlers put them in a chunk of their own). */
  readonly load: () => Promise<readonly Effect[]>
  /**
   * When the download fails: the terminal event for a request the group would have answered, so
   * the intent waiting on it rejects instead of hanging. The group wakes again on the next
   * matching transition.
   */
  readonly failed?: (event: KitEvent, error: SerializedKitError) => EventInput | undefined
}

/**
 * Turns a lazily loaded group into one effect. The bytes and module evaluation of flows a visitor
 * may never start (a send, a balance, the wallet registry's fetch) then stay off the page's first
 * load: issue #4 budgets what the page loads before and through the first opening of the modal.
 * Event sourcing makes the delay invisible to the group: transitions that arrive while the code
 * downloads are queued and replayed to it in log order.
 * @example
 * const registry = lazyEffects({
 *   name: 'wallet registry',
 *   wakesOn: ({ event }) => event.type === 'walletRegistry/requested',
 *   load: () => import('./walletRegistry.js').then((module) => [module.walletRegistryEffect]),
 * })
 * @param group - when to wake and what to load.
 * @returns an effect to list with the others.
 */
export function lazyEffects(group: LazyEffectGroup): Effect {
  return (context) =>
    new Observable<EventInput>((subscriber) => {
      let phase: 'asleep' | 'loading' | 'running' = 'asleep'
      let queue: Transition[] = []
      let draining = false
      const local$ = new Subject<Transition>()
      const running = new Subscription()

      // Effects' own events re-enter the log synchronously and come back here as transitions;
      // they must wait behind the queued ones, or the group would see the log out of order.
      const drain = () => {
        if (draining) return
        draining = true
        try {
          while (queue.length > 0) local$.next(queue.shift()!)
        } finally {
          draining = false
        }
      }
      const start = (effects: readonly Effect[]) => {
        const child: EffectContext = {
          ...context,
          transitions$: local$,
          events$: local$.pipe(map((transition) => transition.event)),
        }
        for (const effect of effects) {
          running.add(
            effect(child).subscribe({
              next: (event) => subscriber.next(event),
              error: (error) => subscriber.error(error),
            }),
          )
        }
        phase = 'running'
        drain()
      }
      const fail = (cause: unknown) => {
        const pending = queue
        queue = []
        phase = 'asleep'
        const error = serializeKitError(
          new KitError('SOMETHING_WENT_WRONG', {
            cause,
            details: `The ${group.name} code could not be loaded.`,
          }),
        )
        for (const { event } of pending) {
          const terminal = event.meta.correlationId && group.failed?.(event, error)
          if (terminal) subscriber.next({ ...terminal, correlationId: event.meta.correlationId })
        }
      }

      const upstream = context.transitions$.subscribe((transition) => {
        if (phase === 'running') {
          queue.push(transition)
          drain()
          return
        }
        if (phase === 'asleep') {
          if (!group.wakesOn(transition)) return
          phase = 'loading'
          group.load().then(
            (effects) => {
              if (!subscriber.closed) start(effects)
            },
            (cause: unknown) => {
              if (!subscriber.closed) fail(cause)
            },
          )
        }
        queue.push(transition)
      })
      return () => {
        upstream.unsubscribe()
        running.unsubscribe()
        queue = []
      }
    })
}
