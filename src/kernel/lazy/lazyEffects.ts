import { map, Observable, Subject, Subscription } from 'rxjs'
import type { Effect, EffectContext, Transition } from '../effects/types.js'
import { KitError } from '../errors/KitError.js'
import { type SerializedKitError, serializeKitError } from '../errors/serialize.js'
import type { EventInput, KitEvent } from '../events/types.js'
import { createLoader } from './createLoader.js'
import { createReplayQueue } from './replayQueue.js'

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
 * Runs effects on transitions that a {@link ReplayQueue} hands over: the effects get a context
 * whose `events$` and `transitions$` are the queue's, and what they emit goes to `emit`.
 * @internal
 */
export function startEffects(
  effects: readonly Effect[],
  context: EffectContext,
  local$: Subject<Transition>,
  emit: (event: EventInput) => void,
  fail: (error: unknown) => void,
): Subscription {
  const running = new Subscription()
  const child: EffectContext = {
    ...context,
    transitions$: local$,
    events$: local$.pipe(map((transition) => transition.event)),
  }
  for (const effect of effects) {
    running.add(effect(child).subscribe({ next: emit, error: fail }))
  }
  return running
}

/** The error a request gets when the code that would answer it could not be downloaded. @internal */
export function loadFailure(cause: unknown, what: string): SerializedKitError {
  return serializeKitError(
    new KitError('SOMETHING_WENT_WRONG', {
      cause,
      details: `The ${what} code could not be loaded.`,
    }),
  )
}

/**
 * Turns a lazily loaded group into one effect. The bytes and module evaluation of flows a visitor
 * may never start (a balance, a profile) then stay off the page's first load. Transitions that
 * arrive while the code downloads are queued and replayed to it in log order.
 * @example
 * const account = lazyEffects({
 *   name: 'account',
 *   wakesOn: ({ event }) => event.type === 'balance/requested',
 *   load: () => import('./deferred.js').then((module) => module.ACCOUNT_EFFECTS),
 * })
 * @param group - when to wake and what to load.
 * @returns an effect to list with the others.
 */
export function lazyEffects(group: LazyEffectGroup): Effect {
  return (context) =>
    new Observable<EventInput>((subscriber) => {
      const loader = createLoader(group.load)
      let phase: 'asleep' | 'loading' | 'running' = 'asleep'
      const queue = createReplayQueue<Transition>()
      const local$ = new Subject<Transition>()
      let running: Subscription | undefined

      const upstream = context.transitions$.subscribe((transition) => {
        if (phase === 'asleep') {
          if (!group.wakesOn(transition)) return
          phase = 'loading'
          loader.load().then(
            (effects) => {
              if (subscriber.closed) return
              running = startEffects(
                effects,
                context,
                local$,
                (event) => subscriber.next(event),
                (error) => subscriber.error(error),
              )
              phase = 'running'
              queue.start((next) => local$.next(next))
            },
            (cause: unknown) => {
              if (subscriber.closed) return
              phase = 'asleep'
              const error = loadFailure(cause, group.name)
              for (const { event } of queue.reset()) {
                const terminal = event.meta.correlationId && group.failed?.(event, error)
                if (terminal)
                  subscriber.next({ ...terminal, correlationId: event.meta.correlationId })
              }
            },
          )
        }
        queue.push(transition)
      })
      return () => {
        upstream.unsubscribe()
        running?.unsubscribe()
        queue.reset()
      }
    })
}
