import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { SHIPPED_FEATURE_MODULES } from '../../features/modules.js'
import {
  docsPathOf,
  ERROR_CODE_LIST,
  ERROR_CODES,
  type ErrorCode,
  fillTemplate,
  NOTICE_MESSAGES,
} from './codes.js'
import {
  CancelledError,
  KIT_VERSION,
  KitError,
  toKitError,
  UserRejectedError,
  ValidationError,
} from './KitError.js'
import { deserializeKitError, serializedKitErrorSchema, serializeKitError } from './serialize.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 200),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
}

/**
 * Every text of §8 (and the §6/§7 texts the catalogue also carries), copied verbatim from the
 * specification. Templated texts ('HTTP status code: N', 'Please try again after N seconds') are
 * checked by filling their parameters below. 'Required' is a zod issue line produced by
 * `events/validate.ts`, not a catalogue entry.
 */
const SPEC_TEXTS = [
  // §8 snack messages
  'Token Balance Unavailable',
  'Transaction started',
  'Something went wrong',
  'Please enter a valid amount and receiver address',
  'Failed to send transaction. Please try again.',
  'Failed to initialize swap',
  'Failed to fetch network token price',
  'Failed to check allowance',
  'Failed to create approval transaction',
  'Failed to create transaction',
  'Approve limit increase in your wallet',
  'Confirm transaction in your wallet',
  'Transaction error',
  'Failed to fetch transactions',
  'A problem occurred while trying initialize authentication',
  'Signature declined',
  'This application might not support Smart Accounts',
  'Authenticating...',
  // §8 alert
  'Incorrect amount / Please enter a valid amount',
  // §8 swap input error
  'Insufficient balance',
  // §8 thrown errors
  'Unsupported chain',
  'Failed to disconnect',
  'Network not found',
  'Address or auth connector not found',
  'Error resolving name',
  'Error registering name',
  'Error fetching name suggestions',
  'Error fetching names for address',
  'SIWX is not enabled',
  'No ActiveCaipAddress found',
  'Network not supported for Swaps',
  'Network not supported for Gas Price',
  // §8 other messages
  'Unknown error',
  'Request was aborted',
  'An error occurred',
  'Unable to load email login dependency',
  'Network Not Found',
  'Invalid App Configuration',
  'Session Expired',
  'Project ID Not Configured',
  'No URL was provided to the Transport',
  'Invalid input',
  // §6 unsafe RPC methods
  'Requested RPC call is not allowed',
  'Action not allowed',
] as const

const catalogueTexts = new Set<string>([
  ...[
    ...Object.values(ERROR_CODES),
    // The shipped features' codes belong to the catalogue as well (they join when they load).
    ...SHIPPED_FEATURE_MODULES.flatMap(({ module }) => Object.values(module.errors ?? {})),
  ].flatMap((entry) =>
    'shortMessage' in entry && entry.shortMessage
      ? [entry.userMessage, entry.shortMessage]
      : [entry.userMessage],
  ),
  ...Object.values(NOTICE_MESSAGES),
  ...SHIPPED_FEATURE_MODULES.flatMap(({ module }) => Object.values(module.notices ?? {})),
])

describe('catalogue', () => {
  test.each(SPEC_TEXTS)('behavior: spec text %j is in the catalogue', (text) => {
    expect(catalogueTexts.has(text)).toBe(true)
  })

  test('behavior: the notices are the §8 progress snacks', () => {
    expect(NOTICE_MESSAGES).toEqual({
      TRANSACTION_STARTED: 'Transaction started',
      APPROVE_LIMIT_INCREASE: 'Approve limit increase in your wallet',
      CONFIRM_TRANSACTION: 'Confirm transaction in your wallet',
      AUTHENTICATING: 'Authenticating...',
    })
  })

  test('behavior: codes are SCREAMING_SNAKE and listed in catalogue order', () => {
    expect(ERROR_CODE_LIST).toEqual(Object.keys(ERROR_CODES))
    for (const code of ERROR_CODE_LIST) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/)
  })

  test('behavior: the catalogue is frozen', () => {
    expect(Object.isFrozen(ERROR_CODES)).toBe(true)
    expect(Object.isFrozen(ERROR_CODE_LIST)).toBe(true)
    expect(Object.isFrozen(NOTICE_MESSAGES)).toBe(true)
  })

  test('docsPathOf', () => {
    expect(docsPathOf('USER_REJECTED')).toBe('/docs/errors.md#user_rejected')
  })

  test('fillTemplate', () => {
    expect(fillTemplate('HTTP status code: {status}', { status: 404 })).toBe(
      'HTTP status code: 404',
    )
    expect(fillTemplate('HTTP status code: {status}', undefined)).toBe('HTTP status code: {status}')
    expect(fillTemplate('HTTP status code: {status}', { other: 1 })).toBe(
      'HTTP status code: {status}',
    )
  })
})

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

describe('serializeKitError', () => {
  test('default', () => {
    expect(serializeKitError(new UserRejectedError())).toEqual({
      name: 'UserRejectedError',
      code: 'USER_REJECTED',
      shortMessage: 'The user rejected the request.',
      userMessage: 'Signature declined',
    })
  })

  test('behavior: survives JSON and zod, and deserializes to the same code and texts', () => {
    const error = new KitError('HTTP_STATUS', {
      params: { status: 403 },
      details: 'Forbidden',
      plugin: 'eip155',
      cause: new Error('not serialized'),
    })
    const serialized = serializeKitError(error)
    expect(serialized).toEqual({
      name: 'KitError',
      code: 'HTTP_STATUS',
      shortMessage: 'HTTP status code: 403',
      userMessage: 'HTTP status code: 403',
      details: 'Forbidden',
      plugin: 'eip155',
    })
    const parsed = serializedKitErrorSchema.safeParse(JSON.parse(JSON.stringify(serialized)))
    expect(parsed.success).toBe(true)
    if (!parsed.success) return
    expect(parsed.data).toEqual(serialized)
    const restored = deserializeKitError(parsed.data)
    expect(restored).toBeInstanceOf(KitError)
    expect(restored.code).toBe('HTTP_STATUS')
    expect(restored.userMessage).toBe('HTTP status code: 403')
    expect(restored.shortMessage).toBe('HTTP status code: 403')
    expect(restored.details).toBe('Forbidden')
    expect(restored.plugin).toBe('eip155')
    expect(restored.message.split('\n')[0]).toBe('HTTP status code: 403')
  })

  test('behavior: a rejection comes back as a UserRejectedError', () => {
    const restored = deserializeKitError(
      serializeKitError(new UserRejectedError({ details: 'no' })),
    )
    expect(restored).toBeInstanceOf(UserRejectedError)
    expect(restored.userMessage).toBe('Signature declined')
  })

  test('behavior: the schema rejects a code that is not one the catalogue could hold', () => {
    for (const code of ['nope', '', 'NOPE-2', '_X', 42]) {
      const serialized = { ...serializeKitError(new KitError('UNKNOWN_ERROR')), code }
      expect(serializedKitErrorSchema.safeParse(serialized).success).toBe(false)
    }
  })

  test('behavior: a feature code that has not loaded here still deserializes with its texts', () => {
    const recorded = {
      name: 'KitError',
      code: 'TIP_DECLINED',
      shortMessage: 'The tip was declined.',
      userMessage: 'Tip declined',
    }
    expect(serializedKitErrorSchema.safeParse(recorded).success).toBe(true)
    const error = deserializeKitError(recorded as never)
    expect(error.code).toBe('TIP_DECLINED')
    expect(error.userMessage).toBe('Tip declined')
  })

  test('behavior: every code serializes and survives JSON and zod', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ErrorCode>(...ERROR_CODE_LIST),
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.constantFrom('eip155', 'solana', 'polkadot', 'bip122'), { nil: undefined }),
        fc.dictionary(fc.constantFrom('status', 'seconds'), fc.oneof(fc.string(), fc.integer())),
        (code, details, plugin, params) => {
          const error = new KitError(code, { details, plugin, params })
          const serialized = serializeKitError(error)
          const json = JSON.parse(JSON.stringify(serialized)) as unknown
          expect(json).toEqual(serialized)
          const parsed = serializedKitErrorSchema.safeParse(json)
          expect(parsed.success).toBe(true)
          if (!parsed.success) return
          const restored = deserializeKitError(parsed.data)
          expect(restored.code).toBe(code)
          expect(restored.userMessage).toBe(error.userMessage)
          expect(restored.shortMessage).toBe(error.shortMessage)
          expect(restored.details).toBe(details)
          expect(restored.plugin).toBe(plugin)
          // The subclass of the code comes back; everything else is as recorded.
          const subclass = {
            USER_REJECTED: 'UserRejectedError',
            CANCELLED: 'CancelledError',
            VALIDATION_FAILED: 'ValidationError',
          } as Record<string, string>
          expect(restored.name).toBe(subclass[code] ?? 'KitError')
          expect(serializeKitError(restored)).toEqual({ ...serialized, name: restored.name })
          expect(restored.message.split('\n')[0]).toBe(error.shortMessage)
        },
      ),
      runs,
    )
  })
})
