import {
  CancelledError,
  KitError,
  type KitErrorParameters,
  UserRejectedError,
} from '../../kernel/index.js'
import { errorChain } from '../kit/errorChain.js'

interface Structured {
  readonly code?: unknown
  readonly name?: unknown
  readonly message?: unknown
  readonly cause?: unknown
  /** `@polkadot/api`'s module errors, read from the runtime's metadata. */
  readonly section?: unknown
  readonly method?: unknown
}

/** Extension rejections, as each writes them: none carries a code, so their words are all there is. */
const REJECTION_MESSAGES =
  /^(Cancelled|Rejected|Rejected by user|User rejected.*|Request rejected|The user rejected.*)$/i
/** Balance module errors of a transfer, by `section.method` as the runtime's metadata names them. */
const MODULE_ERRORS: Readonly<Record<string, 'INSUFFICIENT_BALANCE' | 'INVALID_AMOUNT'>> = {
  'balances.InsufficientBalance': 'INSUFFICIENT_BALANCE',
  'token.FundsUnavailable': 'INSUFFICIENT_BALANCE',
  'balances.ExistentialDeposit': 'INVALID_AMOUNT',
  'balances.KeepAlive': 'INVALID_AMOUNT',
  'balances.Expendability': 'INVALID_AMOUNT',
  'token.BelowMinimum': 'INVALID_AMOUNT',
}

/**
 * Maps Polkadot wallet and node errors to kit errors by their structure first: the EIP-1193-style
 * `code` some extensions set (4001 rejected), the node's transaction-pool codes (1010 invalid
 * transaction: the fees cannot be paid; 1014 priority too low), and the runtime's module errors
 * (`balances.InsufficientBalance`, ...). polkadot{.js}, Talisman and SubWallet reject a prompt with
 * a plain `Error('Cancelled')` or `'Rejected by user'` and no code: their exact words are matched
 * as the last resort. Unknown errors return `undefined` so the kernel's fallback for the operation
 * applies.
 * @example
 * import { toPolkadotKitError } from '@gangway/kit/polkadot'
 * toPolkadotKitError(new Error('Cancelled'))?.code // 'USER_REJECTED'
 * @param error - what the extension, WalletConnect or `@polkadot/api` threw.
 * @returns the kit error, or `undefined`.
 * @see /docs/polkadot.md
 */
export function toPolkadotKitError(error: unknown): KitError | undefined {
  if (error instanceof KitError) return error
  const chain = errorChain(error) as readonly Structured[]
  const details = error instanceof Error ? error.message : undefined
  const parameters: KitErrorParameters = { cause: error, ...(details ? { details } : {}) }
  for (const link of chain) {
    if (link.code === 4001) return new UserRejectedError(parameters)
    if (link.code === 4100 || link.code === 4900) return new KitError('NOT_CONNECTED', parameters)
    if (link.code === 1010) return new KitError('INSUFFICIENT_GAS', parameters)
    if (link.name === 'AbortError') return new CancelledError(parameters)
    if (typeof link.section === 'string' && typeof link.method === 'string') {
      const code = MODULE_ERRORS[`${link.section}.${link.method}`]
      if (code) return new KitError(code, parameters)
    }
  }
  // Last resort, by words: extensions reject prompts with no code at all.
  for (const link of chain) {
    if (typeof link.message === 'string' && REJECTION_MESSAGES.test(link.message.trim()))
      return new UserRejectedError(parameters)
  }
  return undefined
}
