import { UserRejectedRequestError } from 'viem'
import { describe, expect, test } from 'vitest'
import { KitError, UserRejectedError } from '../../kernel/index.js'
import { toEip155KitError } from './errors.js'

describe('toEip155KitError maps structured codes, never message text', () => {
  test.each([
    [4001, 'USER_REJECTED'],
    [5000, 'USER_REJECTED'],
    [4100, 'NO_ACTIVE_ADDRESS'],
    [4200, 'CAPABILITY_UNSUPPORTED'],
    [4900, 'NOT_CONNECTED'],
    [4901, 'NOT_CONNECTED'],
    [4902, 'UNSUPPORTED_CHAIN'],
  ])('parameters: code %i → %s', (code, expected) => {
    expect(toEip155KitError({ code, message: 'whatever the wallet says' })?.code).toBe(expected)
  })

  test('behavior: codes are found in the cause chain of viem errors', () => {
    const error = new UserRejectedRequestError(new Error('no'))
    const mapped = toEip155KitError(new Error('wrapped', { cause: error }))
    expect(mapped).toBeInstanceOf(UserRejectedError)
    expect(mapped?.userMessage).toBe('Signature declined')
  })

  test('behavior: a message that merely says "rejected" is not a rejection', () => {
    expect(toEip155KitError(new Error('User rejected the request.'))).toBeUndefined()
  })

  test('behavior: unknown codes are left to the operation fallback; kit errors pass through', () => {
    expect(toEip155KitError({ code: -32000, message: 'insufficient funds' })).toBeUndefined()
    const kitError = new KitError('INSUFFICIENT_GAS')
    expect(toEip155KitError(kitError)).toBe(kitError)
  })
})
