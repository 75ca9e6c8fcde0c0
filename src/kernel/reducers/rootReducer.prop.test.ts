import fc from 'fast-check'
import { expect, test } from 'vitest'
import { eventInputArbitrary, eventSequenceArbitrary } from '../../../test/support/arbitraries.js'
import { stamp } from '../../../test/support/events.js'
import type { EventInput, KitEvent } from '../events/types.js'
import { validateStoredEvent } from '../events/validate.js'
import { createInitialState, initialAccountState, type KitState } from '../state.js'
import { rebuildState, transition } from './rootReducer.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 150),
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
}
const stampAll = (inputs: Parameters<typeof stamp>[0][]): KitEvent[] =>
  inputs.map((input, index) => stamp(input, 1_000 * (index + 1)))

function invariants(state: KitState): void {
  // (c) entity integrity
  for (const collection of [state.namespaces, state.connectors]) {
    expect([...collection.ids].sort()).toEqual(Object.keys(collection.entities).sort())
    expect(new Set(collection.ids).size).toBe(collection.ids.length)
  }
  expect(
    state.activeNamespace === null || state.namespaces.ids.includes(state.activeNamespace),
  ).toBe(true)
  // recent wallets: never above 2, never duplicated
  expect(state.recentWallets.length).toBeLessThanOrEqual(2)
  expect(new Set(state.recentWallets.map((wallet) => wallet.id)).size).toBe(
    state.recentWallets.length,
  )
  // disconnected ⇒ no account fields left. A social or Farcaster sign-in in progress happens
  // before there is an account, so those three flow fields may be set while disconnected.
  for (const id of state.namespaces.ids) {
    const account = state.namespaces.entities[id]!.accountState
    if (account.status === 'disconnected') {
      expect({
        ...account,
        currentTab: 'tokens',
        socialProvider: null,
        isSocialWindowOpen: false,
        farcasterUrl: null,
      }).toEqual(initialAccountState(account.preferredAccountType))
    }
    if (account.status === 'connected') expect(account.caipAddress).not.toBeNull()
  }
  // history never empty, and the view is its top
  expect(state.router.history.length).toBeGreaterThan(0)
  expect(state.router.history.at(-1)).toBe(state.router.view)
}

test('property: invariants hold after every event of a random session (totality, integrity, recent wallets, reset, history)', () => {
  fc.assert(
    fc.property(eventSequenceArbitrary, (inputs) => {
      let state = createInitialState()
      for (const event of stampAll(inputs)) {
        state = transition(state, event)
        invariants(state)
      }
    }),
    runs,
  )
})

test('property: a reset leaves nothing of the account behind (§4)', () => {
  fc.assert(
    fc.property(
      eventSequenceArbitrary,
      fc.constantFrom('toychain', 'toyb'),
      fc.boolean(),
      (inputs, namespace, fromWallet) => {
        const before = rebuildState(stampAll(inputs))
        const wasLive =
          before.namespaces.entities[namespace]!.accountState.status !== 'disconnected'
        const reset = stamp(
          fromWallet
            ? { type: 'wallet/disconnected', payload: { namespace } }
            : { type: 'disconnection/succeeded', payload: { namespaces: [namespace] } },
        )
        const account = transition(before, reset).namespaces.entities[namespace]!.accountState
        if (wasLive) {
          expect({ ...account, currentTab: 'tokens' }).toEqual(
            initialAccountState(account.preferredAccountType),
          )
        }
        expect(account.status).toBe('disconnected')
      },
    ),
    runs,
  )
})

test('property: replay is deterministic, whole or in chunks', () => {
  fc.assert(
    fc.property(eventSequenceArbitrary, fc.nat(), (inputs, cut) => {
      const events = stampAll(inputs)
      const pristine = structuredClone(events)
      const once = rebuildState(events)
      // Folding never writes into the events it reads.
      expect(events).toEqual(pristine)
      const twice = rebuildState(events)
      const split = cut % (events.length + 1)
      const chunked = rebuildState(events.slice(split), rebuildState(events.slice(0, split)))
      expect(twice).toEqual(once)
      expect(chunked).toEqual(once)
      // The batched fold and event-by-event transitions are one semantics.
      expect(events.reduce(transition, createInitialState())).toEqual(once)
      // Replaying the JSON form of the log gives the same state (events are persistable).
      const reloaded = (JSON.parse(JSON.stringify(events)) as unknown[]).map((event) =>
        validateStoredEvent(event),
      )
      expect(rebuildState(reloaded)).toEqual(once)
    }),
    runs,
  )
})

test('property: events no reducer handles return the same reference', () => {
  fc.assert(
    fc.property(eventSequenceArbitrary, (inputs) => {
      const state = rebuildState(stampAll(inputs))
      const ignored: EventInput[] = [
        { type: 'storage/discarded', payload: { key: 'k', reason: 'r' } },
        { type: 'authConnector/reloadRequested', payload: {} },
        { type: 'signature/succeeded', payload: { namespace: 'toychain', signature: 's' } },
      ]
      for (const input of ignored) {
        expect(transition(state, stamp(input))).toBe(state)
      }
    }),
    runs,
  )
})

test('property: a repeated identical account/changed returns the same reference (idempotence)', () => {
  fc.assert(
    fc.property(eventSequenceArbitrary, eventInputArbitrary, (inputs, extra) => {
      const state = rebuildState(stampAll([...inputs, extra]))
      const account = state.namespaces.entities.toychain?.accountState
      if (!account?.caipAddress) return
      const change = stamp({
        type: 'account/changed',
        payload: { namespace: 'toychain', caipAddress: account.caipAddress },
      })
      const once = transition(state, change)
      expect(transition(once, change)).toBe(once)
    }),
    runs,
  )
})

test('property: every event and the state survive JSON and the schemas (serialization)', () => {
  fc.assert(
    fc.property(eventSequenceArbitrary, (inputs) => {
      const events = stampAll(inputs)
      for (const event of events) {
        expect(validateStoredEvent(JSON.parse(JSON.stringify(event)))).toEqual(event)
      }
      const state = rebuildState(events)
      expect(JSON.parse(JSON.stringify(state))).toEqual(state)
    }),
    runs,
  )
})
