import { expect, test } from 'vitest'
import { ACCOUNT_TYPES } from '../../kernel/index.js'
import { polkadotAccountTypes } from './accountTypes.js'

test('default', () => {
  expect(polkadotAccountTypes).toStrictEqual({
    default: 'eoa',
    supported: ['eoa'],
  })
})

test('behavior: the default is one of the supported types, all of them known account types', () => {
  expect(polkadotAccountTypes.supported).toContain(polkadotAccountTypes.default)
  for (const type of polkadotAccountTypes.supported) expect(ACCOUNT_TYPES).toContain(type)
})

test('behavior: is frozen', () => {
  expect(Object.isFrozen(polkadotAccountTypes)).toBe(true)
  expect(Object.isFrozen(polkadotAccountTypes.supported)).toBe(true)
})
