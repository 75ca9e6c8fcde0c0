import { CancelledError, KitError, UserRejectedError } from '../../kernel/index.js'
import { errorChain } from '../kit/errorChain.js'

/** sats-connect's JSON-RPC error codes (`RpcErrorCode` in `@sats-connect/core`). */
const SATS_USER_REJECTION = -32000
const SATS_ACCESS_DENIED = -32002
const SATS_METHOD_NOT_FOUND = -32601

interface Structured {
  readonly code?: unknown
  readonly name?: unknown
  readonly cause?: unknown
  readonly error?: unknown
}

/**
 * Maps Bitcoin wallet errors to kit errors by their structure: sats-connect's JSON-RPC codes
 * (-32000 user rejection, -32002 access denied, -32601 method not found), the EIP-1193-style codes
 * Unisat-style providers use (4001 rejected, 4100 unauthorized), and an `AbortError`, anywhere in
 * the `cause` / `error` chain; never by message text. Unknown errors return `undefined` so the
 * kernel's fallback for the operation applies.
 * @example
 * import { toBip122KitError } from '@gangway/kit/bip122'
 * toBip122KitError({ code: -32000, message: 'User rejected the request.' })?.code // 'USER_REJECTED'
 * @param error - what the wallet or the Esplora API threw.
 * @returns the kit error, or `undefined`.
 * @see /docs/bip122.md
 */
export function toBip122KitError(error: unknown): KitError | undefined {
  if (error instanceof KitError) return error
  const details =
    error instanceof Error
      ? error.message
      : typeof (error as { message?: unknown } | null)?.message === 'string'
        ? (error as { message: string }).message
        : undefined
  const parameters = { cause: error, ...(details ? { details: details.slice(0, 300) } : {}) }
  for (const link of errorChain(error) as readonly Structured[]) {
    if (link.code === SATS_USER_REJECTION || link.code === 4001)
      return new UserRejectedError(parameters)
    if (link.code === SATS_ACCESS_DENIED || link.code === 4100)
      return new KitError('NOT_CONNECTED', parameters)
    if (link.code === SATS_METHOD_NOT_FOUND || link.code === 4200)
      return new KitError('CAPABILITY_UNSUPPORTED', parameters)
    if (link.name === 'AbortError') return new CancelledError(parameters)
  }
  return undefined
}
