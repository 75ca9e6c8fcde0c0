import { describe, expect, test } from 'vitest'
import { SHIPPED_FEATURE_MODULES } from '../../src/features/modules.js'
import { nameErrors } from '../../src/features/names/errors.js'
import {
  docsPathOf,
  ERROR_CODE_LIST,
  ERROR_CODES,
  fillTemplate,
  NOTICE_MESSAGES,
} from '../../src/kernel/errors/codes.js'

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
    // The names feature's codes are defined with it ahead of its flows.
    ...Object.values(nameErrors.entries),
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
