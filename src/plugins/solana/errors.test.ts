import { describe, expect, test } from 'vitest'
import { KitError, UserRejectedError } from '../../kernel/index.js'
import { toSolanaKitError } from './errors.js'

const walletError = (name: string, code?: number, message = 'whatever the wallet says') =>
  Object.assign(new Error(message), { name, ...(code === undefined ? {} : { code }) })

describe('toSolanaKitError maps structure, never message text', () => {
  test.each([
    ['WalletSignMessageError', 4001, 'USER_REJECTED'],
    ['WalletSendTransactionError', 4001, 'USER_REJECTED'],
    ['WalletConnectionError', 4001, 'USER_REJECTED'],
    ['WalletWindowClosedError', undefined, 'USER_REJECTED'],
    ['WalletNotConnectedError', undefined, 'NOT_CONNECTED'],
    ['WalletDisconnectedError', undefined, 'NOT_CONNECTED'],
    ['Error', 4100, 'NOT_CONNECTED'],
    ['Error', 4900, 'NOT_CONNECTED'],
    ['AbortError', undefined, 'CANCELLED'],
  ])('parameters: %s with code %s → %s', (name, code, expected) => {
    expect(toSolanaKitError(walletError(name, code))?.code).toBe(expected)
  })

  test('behavior: the code is found on a wallet-adapter error’s `error` and in `cause`', () => {
    const inner = { code: 4001, message: 'User rejected the request.' }
    const adapterError = Object.assign(walletError('WalletSignTransactionError'), { error: inner })
    expect(toSolanaKitError(adapterError)).toBeInstanceOf(UserRejectedError)
    expect(toSolanaKitError(new Error('wrapped', { cause: adapterError }))?.code).toBe(
      'USER_REJECTED',
    )
  })

  test('behavior: a message that merely says "rejected" is not a rejection', () => {
    expect(toSolanaKitError(new Error('User rejected the request.'))).toBeUndefined()
    expect(toSolanaKitError(walletError('WalletSignMessageError', -32603))).toBeUndefined()
  })

  test('behavior: kit errors pass through; non-objects are unknown', () => {
    const kitError = new KitError('INSUFFICIENT_BALANCE')
    expect(toSolanaKitError(kitError)).toBe(kitError)
    expect(toSolanaKitError('rejected')).toBeUndefined()
    expect(toSolanaKitError(null)).toBeUndefined()
  })
})
