import { expect, test } from 'vitest'
import { ACCOUNT_TYPES } from '../../kernel/index.js'
import { eip155AccountTypes } from './accountTypes.js'

test('default', () => {
  expect(eip155AccountTypes).toStrictEqual({
    default: 'smartAccount',
    supported: ['eoa', 'smartAccount'],
  })
})

test('behavior: the default is one of the supported types, all of them known account types', () => {
  expect(eip155AccountTypes.supported).toContain(eip155AccountTypes.default)
  for (const type of eip155AccountTypes.supported) expect(ACCOUNT_TYPES).toContain(type)
})

test('behavior: is frozen', () => {
  expect(Object.isFrozen(eip155AccountTypes)).toBe(true)
  expect(Object.isFrozen(eip155AccountTypes.supported)).toBe(true)
})
