/**
 * The failure event of each request the lazily loaded effects answer. One definition serves both
 * the effect that fails a request and the loader that fails it when the effect's code could not be
 * downloaded (groups.ts), so the two cannot drift apart.
 * @module
 */
import type { SerializedKitError } from '../errors/serialize.js'
import type { EventInput, EventOf } from '../events/types.js'

/** `balance/failed` for a balance request. */
export const balanceFailed = (
  request: EventOf<'balance/requested'>,
  error: SerializedKitError,
): EventInput => ({
  type: 'balance/failed',
  payload: {
    namespace: request.payload.namespace,
    caipAddress: request.payload.caipAddress,
    error,
  },
})

/** `signature/failed` for a signature request. */
export const signatureFailed = (
  request: EventOf<'signature/requested'>,
  error: SerializedKitError,
): EventInput => ({
  type: 'signature/failed',
  payload: { namespace: request.payload.namespace, error },
})

/** `walletRegistry/failed` for a registry request (page, featured ids or search). */
export const walletRegistryFailed = (
  request: EventOf<'walletRegistry/requested'>,
  error: SerializedKitError,
): EventInput => ({ type: 'walletRegistry/failed', payload: { ...request.payload, error } })
