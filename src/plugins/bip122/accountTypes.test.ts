import { expect, test } from 'vitest'
import { ACCOUNT_TYPES } from '../../kernel/index.js'
import { bip122AccountTypes } from './accountTypes.js'

test('default', () => {
  expect(bip122AccountTypes).toStrictEqual({
    default: 'payment',
    supported: ['payment', 'ordinals'],
  })
})

test('behavior: the default is one of the supported types, all of them known account types', () => {
  expect(bip122AccountTypes.supported).toContain(bip122AccountTypes.default)
  for (const type of bip122AccountTypes.supported) expect(ACCOUNT_TYPES).toContain(type)
})

test('behavior: is frozen', () => {
  expect(Object.isFrozen(bip122AccountTypes)).toBe(true)
  expect(Object.isFrozen(bip122AccountTypes.supported)).toBe(true)
})
