import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ERROR_CODE_LIST, type ErrorCode } from './codes.js'
import { KitError, UserRejectedError } from './KitError.js'
import { deserializeKitError, serializedKitErrorSchema, serializeKitError } from './serialize.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 200),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
}

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
      params: { status: 403 },
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
    expect(restored.params).toEqual({ status: 403 })
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
