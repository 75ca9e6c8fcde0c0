import { UnknownRpcError, UserRejectedRequestError } from 'viem'
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
    [4902, 'UNSUPPORTED_NETWORK'],
  ])('parameters: code %i → %s', (code, expected) => {
    expect(toEip155KitError({ code, message: 'whatever the wallet says' })?.code).toBe(expected)
  })

  test('behavior: codes are found in the cause chain of viem errors', () => {
    const error = new UserRejectedRequestError(new Error('no'))
    const mapped = toEip155KitError(new Error('wrapped', { cause: error }))
    expect(mapped).toBeInstanceOf(UserRejectedError)
    expect(mapped?.userMessage).toBe('Signature declined')
  })

  test("behavior: a kit error thrown by the kit's own provider (the embedded wallet) keeps its words through viem's wrapping", () => {
    const refused = new KitError('RPC_NOT_ALLOWED')
    const mapped = toEip155KitError(new UnknownRpcError(refused))
    expect(mapped).toBe(refused)
    expect(mapped?.userMessage).toBe('Action not allowed')
  })

  test('behavior: -32002 (a request already pending in the wallet) is not Unknown error, wherever viem wraps it', () => {
    const pending = {
      code: -32002,
      message: "Request of type 'eth_requestAccounts' already pending",
    }
    const direct = toEip155KitError(pending)
    expect(direct?.code).toBe('WALLET_REQUEST_PENDING')
    expect(direct?.userMessage).toBe('Open your wallet to continue')
    expect(direct?.details).toMatch(/already showing a request/)
    const wrapped = toEip155KitError(
      new Error('outer', { cause: new Error('inner', { cause: pending }) }),
    )
    expect(wrapped?.code).toBe('WALLET_REQUEST_PENDING')
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
