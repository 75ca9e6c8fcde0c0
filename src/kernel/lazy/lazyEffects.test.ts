import fc from 'fast-check'
import { EMPTY, filter, map, mergeMap, Subject, tap } from 'rxjs'
import { expect, test } from 'vitest'
import type { Effect, EffectContext, Transition } from '../effects/types.js'
import type { EventInput, KitEvent } from '../events/types.js'
import type { KitState } from '../state.js'
import { lazyEffects } from './lazyEffects.js'

const STATE = {} as KitState

/** A transition of a bare event; the group under test only reads the type and correlation id. */
const transition = (type: string, correlationId?: string): Transition => ({
  event: { type, payload: {}, meta: { correlationId } } as unknown as KitEvent,
  before: STATE,
  after: STATE,
})

/** Waits until a download has settled and every callback on it (the loader's included) has run. */
const downloaded = (promise: Promise<unknown>) =>
  promise.then(
    () => new Promise((resolve) => setTimeout(resolve, 0)),
    () => new Promise((resolve) => setTimeout(resolve, 0)),
  )

/** A promise the test resolves or rejects when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

/**
 * Feeds transitions to one effect the way createKit does, and appends what the effect emits back
 * into the stream at once (as the log would), so re-entrant order is the real one.
 */
function harness(effect: Effect) {
  const transitions$ = new Subject<Transition>()
  const context = {
    transitions$,
    events$: transitions$.pipe(map((entry) => entry.event)),
  } as unknown as EffectContext
  const emitted: EventInput[] = []
  const subscription = effect(context).subscribe((event) => {
    emitted.push(event)
    transitions$.next(transition(event.type, event.correlationId))
  })
  return {
    push: (type: string, id?: string) => transitions$.next(transition(type, id)),
    emitted,
    subscription,
  }
}

/** An effect that records every event type it sees and emits nothing. */
const recorder =
  (seen: string[]): Effect =>
  ({ events$ }) =>
    events$.pipe(
      tap((event) => seen.push(event.type)),
      mergeMap(() => EMPTY),
    )

/** An effect that answers one event type with another, as a request effect would. */
const answer =
  (from: string, to: string): Effect =>
  ({ events$ }) =>
    events$.pipe(
      filter((event) => event.type === from),
      map(
        (event) =>
          ({ type: to, payload: {}, correlationId: event.meta.correlationId }) as EventInput,
      ),
    )

test('behavior: nothing loads before the waking event, and it loads once however often it wakes', async () => {
  const load = deferred<readonly Effect[]>()
  let loads = 0
  const { push, subscription } = harness(
    lazyEffects({
      name: 'test',
      wakesOn: ({ event }) => (event.type as string) === 'wake',
      load: () => {
        loads += 1
        return load.promise
      },
    }),
  )
  push('before')
  push('other')
  expect(loads).toBe(0)
  push('wake')
  push('wake')
  expect(loads).toBe(1)
  load.resolve([])
  await downloaded(load.promise)
  push('wake')
  expect(loads).toBe(1)
  subscription.unsubscribe()
})

test('behavior: what arrives while the code downloads reaches the group afterwards, in log order', async () => {
  const load = deferred<readonly Effect[]>()
  const seen: string[] = []
  const { push, emitted, subscription } = harness(
    lazyEffects({
      name: 'test',
      wakesOn: ({ event }) => (event.type as string) === 'a',
      load: () => load.promise,
    }),
  )
  push('a')
  push('b')
  load.resolve([answer('a', 'x'), recorder(seen)])
  await downloaded(load.promise)
  // 'x' answers 'a' but joins the log after 'b', which was already there: the recorder sees the
  // log's order, not the order of nested calls.
  expect(seen).toEqual(['a', 'b', 'x'])
  push('c')
  expect(seen).toEqual(['a', 'b', 'x', 'c'])
  expect(emitted.map((event) => event.type)).toEqual(['x'])
  subscription.unsubscribe()
})

test('behavior: a failed download fails the waiting requests with the catalogue message and wakes again later', async () => {
  let attempt = 0
  const { push, emitted, subscription } = harness(
    lazyEffects({
      name: 'test',
      wakesOn: ({ event }) => (event.type as string) === 'job/requested',
      load: () => {
        attempt += 1
        return attempt === 1
          ? Promise.reject(new Error('chunk failed'))
          : Promise.resolve([answer('job/requested', 'job/succeeded')])
      },
      failed: (_event, error) =>
        ({ type: 'job/failed', payload: { error } }) as unknown as EventInput,
    }),
  )
  push('job/requested', 'c1')
  push('unrelated')
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(emitted).toEqual([
    {
      type: 'job/failed',
      payload: {
        error: expect.objectContaining({
          code: 'SOMETHING_WENT_WRONG',
          userMessage: 'Something went wrong',
        }),
      },
      correlationId: 'c1',
    },
  ])
  push('job/requested', 'c2')
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(attempt).toBe(2)
  expect(emitted.slice(1)).toEqual([{ type: 'job/succeeded', payload: {}, correlationId: 'c2' }])
  subscription.unsubscribe()
})

test('behavior: a kit destroyed while the code downloads never starts the group', async () => {
  const load = deferred<readonly Effect[]>()
  const seen: string[] = []
  const { push, subscription } = harness(
    lazyEffects({ name: 'test', wakesOn: () => true, load: () => load.promise }),
  )
  push('a')
  subscription.unsubscribe()
  load.resolve([recorder(seen)])
  await downloaded(load.promise)
  expect(seen).toEqual([])
})

test('property: whenever the download ends, the group sees exactly the log from its waking event on, in order', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.constantFrom('a', 'b', 'wake'), { maxLength: 30 }),
      fc.nat(30),
      async (types, loadedAfter) => {
        const load = deferred<readonly Effect[]>()
        const seen: string[] = []
        const { push, subscription } = harness(
          lazyEffects({
            name: 'test',
            wakesOn: ({ event }) => event.type.startsWith('wake'),
            load: () => load.promise,
          }),
        )
        const log = types.map((type, index) => `${type}${index}`)
        for (const [index, type] of log.entries()) {
          if (index === loadedAfter) {
            load.resolve([recorder(seen)])
            await downloaded(load.promise)
          }
          push(type)
        }
        load.resolve([recorder(seen)])
        await downloaded(load.promise)
        const woke = log.findIndex((type) => type.startsWith('wake'))
        expect(seen).toEqual(woke === -1 ? [] : log.slice(woke))
        subscription.unsubscribe()
      },
    ),
  )
})
