/**
 * What a plugin is told about the site's choices: vendor telemetry (sign-client's, for one) runs
 * only when the site itself switched analytics on; §9's default of on does not count.
 */
import { expect, test } from 'vitest'
import {
  type ChainPlugin,
  createKit as createCoreKit,
  type FeatureSwitches,
} from '../../../src/kernel/index.js'
import { createKit } from '../../../src/preset/index.js'
import { createVirtualEnv } from '../../../src/testing/index.js'
import { toyChain } from '../../support/toyChain.js'

function analyticsSeen(make: (plugin: ChainPlugin) => unknown): boolean | undefined {
  const { plugin } = toyChain()
  let seen: boolean | undefined
  make({
    ...plugin,
    createAdapter: (context) => {
      seen = context.settings.analytics
      return plugin.createAdapter(context)
    },
  })
  return seen
}

test('privacy: plugins hear analytics is on only when the site switched it on', () => {
  const env = () => createVirtualEnv()
  expect(analyticsSeen((plugin) => createKit({ plugins: [plugin], env: env() }))).toBe(false)
  expect(
    analyticsSeen((plugin) => createCoreKit({ plugins: [plugin], features: [], env: env() })),
  ).toBe(false)
  const on: FeatureSwitches = { analytics: true }
  expect(
    analyticsSeen((plugin) => createKit({ plugins: [plugin], features: on, env: env() })),
  ).toBe(true)
  expect(
    analyticsSeen((plugin) =>
      createCoreKit({ plugins: [plugin], features: [], switches: on, env: env() }),
    ),
  ).toBe(true)
})
