import { describe, expect, test } from 'vitest'
import {
  CancelledError,
  KIT_VERSION,
  KitError,
  toKitError,
  UserRejectedError,
  ValidationError,
} from './KitError.js'

describe('KitError', () => {
  test('default', () => {
    const error = new KitError('USER_REJECTED')
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('KitError')
    expect(error.code).toBe('USER_REJECTED')
    expect(error.userMessage).toBe('Signature declined')
    expect(error.shortMessage).toBe('The user rejected the request.')
    expect(error.docsPath).toBe('/docs/errors.md#user_rejected')
    expect(error.details).toBeUndefined()
    expect(error.plugin).toBeUndefined()
    expect(error.metaMessages).toEqual([])
    expect(error.version).toBe(KIT_VERSION)
    expect(error.cause).toBeUndefined()
  })

  test('behavior: message is composed viem-style', () => {
    const cause = new Error('execution reverted')
    const error = new KitError('HTTP_STATUS', {
      params: { status: 502 },
      metaMessages: ['URL: http://127.0.0.1:8545', 'Method: eth_chainId'],
      details: 'Bad Gateway',
      cause,
      plugin: 'eip155',
    })
    expect(error.message).toMatchInlineSnapshot(`
      "HTTP status code: 502

      URL: http://127.0.0.1:8545
      Method: eth_chainId

      Docs: /docs/errors.md#http_status
      Details: Bad Gateway
      Version: gangway@0.1.0"
    `)
    expect(error.message.split('\n')).toEqual([
      'HTTP status code: 502',
      '',
      'URL: http://127.0.0.1:8545',
      'Method: eth_chainId',
      '',
      'Docs: /docs/errors.md#http_status',
      'Details: Bad Gateway',
      `Version: gangway@${KIT_VERSION}`,
    ])
    expect(error.cause).toBe(cause)
    expect(error.plugin).toBe('eip155')
  })

  test('behavior: message without meta lines or details', () => {
    const error = new KitError('UNSUPPORTED_CHAIN')
    expect(error.message).toBe(
      `Unsupported chain\n\nDocs: /docs/errors.md#unsupported_chain\nVersion: gangway@${KIT_VERSION}`,
    )
  })

  test('behavior: shortMessage falls back to userMessage', () => {
    const error = new KitError('SESSION_EXPIRED')
    expect(error.shortMessage).toBe('Session Expired')
    expect(error.userMessage).toBe('Session Expired')
  })

  test('behavior: developer and visitor texts differ where the spec says so', () => {
    const error = new KitError('RPC_NOT_ALLOWED')
    expect(error.shortMessage).toBe('Requested RPC call is not allowed')
    expect(error.userMessage).toBe('Action not allowed')
    expect(error.message.startsWith('Requested RPC call is not allowed\n')).toBe(true)
  })

  test('parameters: params fill HTTP status code', () => {
    const error = new KitError('HTTP_STATUS', { params: { status: 403 } })
    expect(error.userMessage).toBe('HTTP status code: 403')
    expect(error.shortMessage).toBe('HTTP status code: 403')
  })

  test('parameters: params fill the email cooldown seconds', () => {
    const error = new KitError('EMAIL_LOGIN_COOLDOWN', { params: { seconds: 18 } })
    expect(error.userMessage).toBe('Please try again after 18 seconds')
    expect(error.message.split('\n')[0]).toBe('Please try again after 18 seconds')
  })

  test('parameters: params that name no placeholder leave the text alone', () => {
    expect(new KitError('USER_REJECTED', { params: { status: 1 } }).userMessage).toBe(
      'Signature declined',
    )
  })

  test('behavior: walk finds the first match in the cause chain', () => {
    const root = new Error('socket hang up')
    const middle = new KitError('HTTP_STATUS', { params: { status: 500 }, cause: root })
    const top = new KitError('SWAP_INIT_FAILED', { cause: middle })
    expect(top.walk((e) => e instanceof KitError && e.code === 'HTTP_STATUS')).toBe(middle)
    expect(top.walk((e) => e instanceof KitError)).toBe(top)
    expect(top.walk((e) => e === root)).toBe(root)
    expect(top.walk((e) => e instanceof TypeError)).toBeNull()
  })

  test('behavior: walk without a predicate returns the deepest cause', () => {
    const root = new Error('socket hang up')
    const top = new KitError('SWAP_INIT_FAILED', {
      cause: new KitError('HTTP_STATUS', { cause: root }),
    })
    expect(top.walk()).toBe(root)
    expect(new KitError('UNKNOWN_ERROR').walk()).toBeInstanceOf(KitError)
  })

  test('behavior: walk stops on a cyclic cause chain', () => {
    const a = new Error('a')
    const b = new Error('b', { cause: a })
    ;(a as { cause?: unknown }).cause = b
    const top = new KitError('UNKNOWN_ERROR', { cause: b })
    expect(top.walk((e) => e === 'never')).toBeNull()
    expect(top.walk()).toBe(a)
  })

  test('behavior: subclasses carry their code and name', () => {
    const rejected = new UserRejectedError()
    expect(rejected).toBeInstanceOf(KitError)
    expect(rejected.name).toBe('UserRejectedError')
    expect(rejected.code).toBe(UserRejectedError.code)
    expect(UserRejectedError.code).toBe('USER_REJECTED')

    const cancelled = new CancelledError()
    expect(cancelled.name).toBe('CancelledError')
    expect(cancelled.code).toBe('CANCELLED')
    expect(cancelled.userMessage).toBe('Request was aborted')

    const invalid = new ValidationError(['amount: Required', 'to: Invalid input'])
    expect(invalid.name).toBe('ValidationError')
    expect(invalid.code).toBe('VALIDATION_FAILED')
    expect(invalid.userMessage).toBe('Invalid input')
    expect(invalid.issues).toEqual(['amount: Required', 'to: Invalid input'])
    expect(invalid.metaMessages).toEqual(invalid.issues)
    expect(invalid.message).toContain('\namount: Required\nto: Invalid input\n')
  })
})

describe('toKitError', () => {
  test('default', () => {
    const cause = new Error('boom')
    const error = toKitError(cause)
    expect(error.code).toBe('UNKNOWN_ERROR')
    expect(error.userMessage).toBe('Unknown error')
    expect(error.details).toBe('boom')
    expect(error.cause).toBe(cause)
  })

  test('behavior: unknown values map to UNKNOWN_ERROR', () => {
    for (const thrown of ['boom', 42, null, undefined, { message: 'x' }]) {
      const error = toKitError(thrown)
      expect(error).toBeInstanceOf(KitError)
      expect(error.code).toBe('UNKNOWN_ERROR')
      expect(error.userMessage).toBe('Unknown error')
      expect(error.details).toBeUndefined()
    }
  })

  test('behavior: a KitError passes through unchanged', () => {
    const error = new UserRejectedError()
    expect(toKitError(error)).toBe(error)
    expect(toKitError(error, 'SEND_FAILED')).toBe(error)
  })

  test('parameters: fallback', () => {
    const error = toKitError(new TypeError('fetch failed'), 'TOKEN_BALANCE_UNAVAILABLE')
    expect(error.code).toBe('TOKEN_BALANCE_UNAVAILABLE')
    expect(error.userMessage).toBe('Token Balance Unavailable')
    expect(error.details).toBe('fetch failed')
  })
})
