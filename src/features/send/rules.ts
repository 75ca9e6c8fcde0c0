/**
 * §5 send checks: what the form needs before it can be reviewed and sent. Pure, shared by the
 * selector the form renders (as the visitor types) and the intent (before anything is appended).
 * @module
 */
import { amountSchema, type ErrorCode, hasInsufficientBalance } from '../../kernel/index.js'

/** What a send needs before it can be prepared. */
export interface SendInputCheck {
  /** The amount the visitor typed. */
  readonly amount: string | null | undefined
  /** The receiver the visitor typed. */
  readonly receiver: string | null | undefined
  /** Whether the receiver passed the namespace's address schema. */
  readonly isReceiverValid: boolean
  /** The token's decimals, when a token is chosen. */
  readonly decimals: number | null | undefined
  /**
   * The gas price, when the namespace prices gas before sending (eip155 native path needs it,
   * §5 "receiver, amount, gas price and decimals"). `undefined` means the namespace does not.
   */
  readonly gasPrice?: string | null
}

/**
 * §5 a send needs an amount and a valid receiver ('Please enter a valid amount and receiver
 * address'), an amount above 0 ('Incorrect amount / Please enter a valid amount'), and, where the
 * namespace prices gas, a gas price and decimals.
 * @example
 * import { checkSendInput } from '@gangway/kit/send'
 * checkSendInput({ amount: '', receiver: 'x', isReceiverValid: true, decimals: 9 })
 * // 'INVALID_SEND_INPUT'
 * @returns the code of the first problem, or `null`.
 */
export function checkSendInput(input: SendInputCheck): ErrorCode | null {
  if (!input.amount || !input.receiver || !input.isReceiverValid) return 'INVALID_SEND_INPUT'
  if (!amountSchema.safeParse(input.amount).success) return 'INVALID_AMOUNT'
  if (input.decimals === null || input.decimals === undefined) return 'INVALID_SEND_INPUT'
  if (input.gasPrice !== undefined && !input.gasPrice) return 'INVALID_SEND_INPUT'
  return null
}

/** The form as typed, with what the account holds. */
export interface SendFormInput {
  readonly amount: string
  readonly receiver: string
  readonly isReceiverValid: boolean
  /** The token's decimals; `null` when no token is known. */
  readonly decimals: number | null
  /** What the account holds of the token, as a decimal string; `null` when unknown. */
  readonly balance: string | null
}

/** What is wrong with each field, for the message next to it; `null` when it is fine. */
export interface SendFormProblems {
  readonly amount: ErrorCode | null
  readonly receiver: ErrorCode | null
  /** The amount as it will be sent (`.5` → `0.5`), once it is valid. */
  readonly normalizedAmount: string | null
}

/**
 * Checks each field of the send form on its own, as the visitor types: a receiver the namespace
 * refuses (a wrong EIP-55 checksum included), an amount that is not a positive decimal, has more
 * places than the token, or is above the balance. Empty fields are not problems yet; the send
 * itself refuses them.
 * @example
 * import { checkSendForm } from '@gangway/kit/send'
 * checkSendForm({ amount: '2', receiver: '', isReceiverValid: false, decimals: 18, balance: '1' }).amount
 * // 'INSUFFICIENT_BALANCE'
 * @param input - the form and the balance.
 * @returns the problem of each field.
 */
export function checkSendForm(input: SendFormInput): SendFormProblems {
  const receiver = input.receiver !== '' && !input.isReceiverValid ? 'INVALID_SEND_INPUT' : null
  if (input.amount === '') return { amount: null, receiver, normalizedAmount: null }
  if (!amountSchema.safeParse(input.amount).success) {
    return { amount: 'INVALID_AMOUNT', receiver, normalizedAmount: null }
  }
  const places = input.amount.includes('.')
    ? input.amount.length - input.amount.indexOf('.') - 1
    : 0
  // More places than the token has would be rounded away by the chain library.
  if (input.decimals !== null && places > input.decimals) {
    return { amount: 'INVALID_AMOUNT', receiver, normalizedAmount: null }
  }
  const normalized = input.amount.startsWith('.')
    ? `0${input.amount}`
    : input.amount.replace(/\.$/, '')
  if (input.balance !== null && hasInsufficientBalance(input.balance, normalized)) {
    return { amount: 'INSUFFICIENT_BALANCE', receiver, normalizedAmount: null }
  }
  return { amount: null, receiver, normalizedAmount: normalized }
}
