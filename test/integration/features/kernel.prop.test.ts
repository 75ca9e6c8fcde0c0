/**
 * The kernel's properties hold for a kit with features: replay determinism (event by event and in
 * one fold agree, also across a JSON round trip), totality, and a feature loaded late holding the
 * same state as one loaded at start.
 */
import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  createEventCatalogue,
  createInitialState,
  type EventInput,
  type KitEvent,
  type KitState,
  rebuildState,
  VIEWS,
  validateStoredEvent,
} from '../../../src/kernel/index.js'
import { withFeatures } from '../../support/events.js'
import { FEATURE_CASES, featureSessionArbitrary } from '../../support/featureArbitraries.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 100),
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
}
const features = FEATURE_CASES.map((entry) => entry.feature)
const kit = withFeatures(features)
const stampAll = (inputs: readonly EventInput[]): KitEvent[] =>
  inputs.map((input, index) => kit.stamp(input, 1_000 * (index + 1)))
const sliceOf = (state: KitState, name: string) =>
  (state as unknown as Record<string, unknown>)[name]

test('property: folding event by event and in one draft agree, with the features slices', () => {
  fc.assert(
    fc.property(featureSessionArbitrary(FEATURE_CASES), (inputs) => {
      const events = stampAll(inputs)
      const stepwise = events.reduce(kit.transitionStamped, createInitialState())
      const folded = rebuildState(events, undefined, features)
      expect(folded).toEqual(stepwise)
      for (const { name } of features) expect(sliceOf(folded, name)).toBeDefined()
    }),
    runs,
  )
})

test('property: a log with feature events survives JSON and the kit catalogue, and replays the same', () => {
  const catalogue = createEventCatalogue({ views: VIEWS })
  for (const { name, module } of features) catalogue.addFeature(name, module.events ?? {})
  fc.assert(
    fc.property(featureSessionArbitrary(FEATURE_CASES), (inputs) => {
      const events = stampAll(inputs)
      const reloaded = (JSON.parse(JSON.stringify(events)) as unknown[]).map((event) =>
        validateStoredEvent(event, catalogue.validate),
      )
      expect(rebuildState(reloaded, undefined, features)).toEqual(
        rebuildState(events, undefined, features),
      )
    }),
    runs,
  )
})

test('property: a feature loaded late holds the same state as one loaded right after configuration', () => {
  fc.assert(
    fc.property(featureSessionArbitrary(FEATURE_CASES), (inputs) => {
      const events = stampAll(inputs)
      const loaded = events.filter((event) => event.type === 'feature/loaded')
      const early = [...loaded, ...events.filter((event) => event.type !== 'feature/loaded')]
      const late = rebuildState(events, undefined, features)
      const eager = rebuildState(early, undefined, features)
      for (const { name } of features) expect(sliceOf(late, name)).toEqual(sliceOf(eager, name))
    }),
    runs,
  )
})
