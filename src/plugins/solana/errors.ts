import { CancelledError, KitError, UserRejectedError } from '../../kernel/index.js'
import { errorChain } from '../kit/errorChain.js'

/**
 * wallet-adapter error names that mean the user closed or refused the prompt themselves
 * (`@solana/wallet-adapter-base`), whatever code they carry.
 */
const REJECTION_NAMES = new Set(['WalletWindowClosedError', 'UserRejectedRequestError'])
/** wallet-adapter error names that mean the wallet has no connection to the site. */
const NOT_CONNECTED_NAMES = new Set([
  'WalletNotConnectedError',
  'WalletDisconnectedError',
  'WalletAccountError',
])

interface Structured {
  readonly code?: unknown
  readonly name?: unknown
  readonly cause?: unknown
  /** wallet-adapter's `WalletError` keeps the wallet's own error here. */
  readonly error?: unknown
}

/**
 * Maps Solana wallet errors to kit errors by their structure: the EIP-1193-style `code` wallets
 * such as Phantom and Solflare set (4001 rejected, 4100 unauthorized, 4900 disconnected) and the
 * wallet-adapter error `name`s, anywhere in the `cause` / `error` chain; never by message text.
 * Unknown errors return `undefined` so the kernel's fallback for the operation applies.
 * @example
 * import { toSolanaKitError } from '@gangway/kit/solana'
 * toSolanaKitError(Object.assign(new Error('no'), { name: 'WalletSignMessageError', code: 4001 }))?.code // 'USER_REJECTED'
 * @param error - what the wallet or web3.js threw.
 * @returns the kit error, or `undefined`.
 * @see /docs/solana.md
 */
export function toSolanaKitError(error: unknown): KitError | undefined {
  if (error instanceof KitError) return error
  const chain = errorChain(error) as readonly Structured[]
  const details = error instanceof Error ? error.message : undefined
  const parameters = { cause: error, ...(details ? { details } : {}) }
  for (const link of chain) {
    if (link.code === 4001 || (typeof link.name === 'string' && REJECTION_NAMES.has(link.name)))
      return new UserRejectedError(parameters)
    if (link.code === 4100 || link.code === 4900) return new KitError('NOT_CONNECTED', parameters)
    if (typeof link.name === 'string' && NOT_CONNECTED_NAMES.has(link.name))
      return new KitError('NOT_CONNECTED', parameters)
    if (link.name === 'AbortError') return new CancelledError(parameters)
  }
  return undefined
}
