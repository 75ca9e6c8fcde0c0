import { expect, test } from 'vitest'
import { ACCOUNT_TYPES } from '../../kernel/index.js'
import { solanaAccountTypes } from './accountTypes.js'

test('default', () => {
  expect(solanaAccountTypes).toStrictEqual({
    default: 'eoa',
    supported: ['eoa'],
  })
})

test('behavior: the default is one of the supported types, all of them known account types', () => {
  expect(solanaAccountTypes.supported).toContain(solanaAccountTypes.default)
  for (const type of solanaAccountTypes.supported) expect(ACCOUNT_TYPES).toContain(type)
})

test('behavior: is frozen', () => {
  expect(Object.isFrozen(solanaAccountTypes)).toBe(true)
  expect(Object.isFrozen(solanaAccountTypes.supported)).toBe(true)
})
