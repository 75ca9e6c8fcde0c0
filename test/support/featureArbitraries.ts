/**
 * Schema-valid events of the shipped features, for the kernel's properties on a kit with features
 * (replay, totality, a feature loaded late). Each feature's events are generated only after its
 * `feature/loaded`, as in a running kit, where nothing can emit them before.
 */
import fc from 'fast-check'
import { sendModule } from '../../src/features/send/module.js'
import type { EventInput, LoadedFeature } from '../../src/kernel/index.js'
import {
  anyNamespace,
  caipAddress,
  correlationId,
  decimal,
  error,
  eventInputArbitrary,
  registeredInputs,
  token,
} from './arbitraries.js'
import { toyAddress } from './toyChain.js'

const withId = (type: string) => (payload: unknown) =>
  fc
    .tuple(fc.constant(payload), correlationId)
    .map(
      ([value, id]) =>
        ({ type, payload: value, ...(id ? { correlationId: id } : {}) }) as EventInput,
    )

const event = (type: string, payload: fc.Arbitrary<unknown>) =>
  payload.chain(withId(type)) as fc.Arbitrary<EventInput>

/** The shipped features, loaded, with an arbitrary of their own events. */
export const FEATURE_CASES: readonly {
  readonly feature: LoadedFeature
  readonly events: fc.Arbitrary<EventInput>
}[] = [
  {
    feature: { name: 'send', module: sendModule },
    events: fc.oneof(
      event('send/tokenSelected', fc.record({ token: fc.option(token, { nil: null }) })),
      event('send/amountChanged', fc.record({ amount: fc.string({ maxLength: 6 }) })),
      event(
        'send/receiverChanged',
        fc.record({ address: fc.constant(toyAddress(2)), isValid: fc.boolean() }),
      ),
      event(
        'send/gasEstimated',
        fc.record({
          gasPrice: decimal,
          gasPriceInUSD: fc.constant(1),
          networkBalanceInUSD: fc.constant(2),
        }),
      ),
      event(
        'send/requested',
        caipAddress.map((base) => ({
          namespace: base.namespace,
          from: base.caipAddress,
          to: toyAddress(2),
          amount: '1',
          token: null,
        })),
      ),
      event(
        'send/succeeded',
        fc.record({
          namespace: anyNamespace,
          hash: fc.constantFrom('h1', 'h2'),
          networkId: fc.constant('toychain:main'),
        }),
      ),
      event(
        'send/confirmed',
        fc.record({
          namespace: anyNamespace,
          hash: fc.constantFrom('h1', 'h2'),
          status: fc.constantFrom('success', 'reverted'),
        }),
      ),
      event('send/failed', fc.record({ namespace: anyNamespace, error })),
      event('send/reset', fc.constant({})),
    ),
  },
]

/**
 * A session of a kit with `features`: core events throughout, and each feature loaded at some
 * point, after which its own events may come too.
 */
export function featureSessionArbitrary(cases: typeof FEATURE_CASES) {
  return fc
    .tuple(
      fc.array(eventInputArbitrary, { maxLength: 30 }),
      fc.array(fc.oneof(eventInputArbitrary, ...cases.map((entry) => entry.events)), {
        maxLength: 40,
      }),
    )
    .map(([before, after]): EventInput[] => [
      ...registeredInputs,
      ...before,
      ...cases.map(
        (entry): EventInput => ({
          type: 'feature/loaded',
          payload: { name: entry.feature.name, restored: {} },
        }),
      ),
      ...after,
    ])
}
