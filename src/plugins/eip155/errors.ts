import { CancelledError, KitError, UserRejectedError } from '../../kernel/index.js'

/**
 * The first numeric EIP-1193 / JSON-RPC `code` in an error's cause chain (viem keeps wallet codes
 * on its error classes and their causes).
 * @internal
 */
export function eip155ErrorCode(error: unknown): number | undefined {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

function kitErrorInChain(error: unknown): KitError | undefined {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current && typeof current === 'object' && !seen.has(current)) {
    if (current instanceof KitError) return current
    seen.add(current)
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

function messageOf(error: unknown): string | undefined {
  if (error instanceof Error)
    return (error as { shortMessage?: string }).shortMessage ?? error.message
  return typeof error === 'string' ? error : undefined
}

/**
 * Maps EVM wallet and node errors to kit errors by their structured EIP-1193 / JSON-RPC codes
 * (viem keeps them on its error classes and their causes); never by message text. Unknown errors
 * return `undefined` so the kernel's fallback for the operation applies.
 * @example
 * import { toEip155KitError } from '@gangway/kit/eip155'
 * toEip155KitError({ code: 4001, message: 'User rejected' })?.code // 'USER_REJECTED'
 * @see https://eips.ethereum.org/EIPS/eip-1193#provider-errors
 */
export function toEip155KitError(error: unknown): KitError | undefined {
  // A provider of the kit's own (the embedded wallet's bridge) throws kit errors, which viem
  // wraps as an unknown RPC error: the kit's own words stand.
  const own = kitErrorInChain(error)
  if (own) return own
  const code = eip155ErrorCode(error)
  const details = messageOf(error)
  const parameters = { cause: error, ...(details ? { details } : {}) }
  switch (code) {
    case 4001: // User Rejected Request (EIP-1193)
    case 5000: // User Rejected Request (EIP-5792 wallet_sendCalls)
      return new UserRejectedError(parameters)
    case 4100: // Unauthorized
      return new KitError('NO_ACTIVE_ADDRESS', parameters)
    case 4200: // Unsupported Method
      return new KitError('CAPABILITY_UNSUPPORTED', parameters)
    case 4900: // Disconnected
    case 4901: // Chain Disconnected
      return new KitError('NOT_CONNECTED', parameters)
    case 4902: // Unrecognized chain (EIP-3326)
      return new KitError('UNSUPPORTED_NETWORK', parameters)
    case -32002: // Resource unavailable (EIP-1474); wallets send it while their prompt is open
      return new KitError('WALLET_REQUEST_PENDING', {
        cause: error,
        details:
          'The wallet is already showing a request (EIP-1193 -32002): approve or close it there.',
      })
    default:
      if ((error as { name?: string })?.name === 'AbortError') return new CancelledError(parameters)
      return undefined
  }
}
