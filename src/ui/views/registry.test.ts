import { expect, test } from 'vitest'
import { toyChain } from '../../../test/support/toyChain.js'
import { createKit, defineFeature } from '../../kernel/index.js'
import { createVirtualEnv } from '../../testing/index.js'
import { createViewRegistry, defineFeatureUi, defineViews } from './registry.js'

test('behavior: when a feature UI arrives, a provider re-rendering at once already reads its view title and copy', async () => {
  const tipUi = defineFeatureUi({
    views: [defineViews({ views: ['Tip'], title: 'tip.title', load: async () => () => null })],
    messages: { en: { 'tip.title': 'Leave a tip' } },
  })
  const tip = defineFeature({
    name: 'tip',
    views: ['Tip'],
    load: async () => ({}),
    ui: { load: async () => tipUi },
  })
  const kit = createKit({ plugins: [toyChain().plugin], features: [tip], env: createVirtualEnv() })
  const registry = createViewRegistry([], kit)
  const seen: (string | undefined)[] = []
  // What useSyncExternalStore does on a store change: render again, synchronously.
  registry.subscribe(() =>
    seen.push(registry.titleOf('Tip'), registry.messagesOf('en')['tip.title']),
  )
  expect(registry.titleOf('Tip')).toBeUndefined()
  await registry.get('Tip')?.preload()
  expect(seen).toEqual(['tip.title', 'Leave a tip'])
})
