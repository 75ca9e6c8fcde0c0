import { expect, test } from 'vitest'
import { swapMessages } from '../../features/swap/react/messages.js'
import { copyIn, type FeatureCopy, loadCopy, subscribeCopy } from './featureCopy.js'

test('behavior: a lazy language is fetched once, when asked for, and nothing of the others', async () => {
  const asked: string[] = []
  const copy: FeatureCopy = {
    en: { 'tip.title': 'Leave a tip' },
    fr: async () => {
      asked.push('fr')
      return { 'tip.title': 'Laisser un pourboire' }
    },
    ja: async () => {
      asked.push('ja')
      return { 'tip.title': 'チップを送る' }
    },
  }
  expect(copyIn(copy, 'en')).toEqual({ 'tip.title': 'Leave a tip' })
  expect(copyIn(copy, 'fr')).toBeUndefined()
  let told = 0
  const stop = subscribeCopy(() => told++)
  await Promise.all([loadCopy(copy, 'fr'), loadCopy(copy, 'fr-CA')])
  await loadCopy(copy, 'fr')
  stop()
  expect(asked).toEqual(['fr'])
  expect(told).toBe(1)
  // A regional tag reads its language's copy.
  expect(copyIn(copy, 'fr-CA')).toEqual({ 'tip.title': 'Laisser un pourboire' })
  // A language the feature does not have resolves at once and reads English.
  await loadCopy(copy, 'ko')
  expect(copyIn(copy, 'ko')).toBeUndefined()
})

test('behavior: a language whose module failed to load reads English and is fetched again next time', async () => {
  let attempts = 0
  const copy: FeatureCopy = {
    en: { 'tip.title': 'Leave a tip' },
    de: async () => {
      attempts++
      if (attempts === 1) throw new Error('chunk failed to load')
      return { 'tip.title': 'Trinkgeld geben' }
    },
  }
  await loadCopy(copy, 'de')
  expect(copyIn(copy, 'de')).toBeUndefined()
  await loadCopy(copy, 'de')
  expect(copyIn(copy, 'de')).toEqual({ 'tip.title': 'Trinkgeld geben' })
  expect(attempts).toBe(2)
})

test('behavior: a shipped feature’s language arrives from its own module', async () => {
  expect(copyIn(swapMessages, 'ar')).toBeUndefined()
  await loadCopy(swapMessages, 'ar')
  expect(copyIn(swapMessages, 'ar')?.['swap.title']).toBe('مبادلة')
  expect(copyIn(swapMessages, 'ja')).toBeUndefined()
})
