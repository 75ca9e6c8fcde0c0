/**
 * The error catalogue (§8): every code Gangway can raise, with the spec's exact words.
 *
 * A released code is never renamed or reused; a retired code stays here marked `@deprecated`.
 * `docs/errors.md` is generated from this object (`npm run docs:errors`) and a test keeps the two
 * in sync. `userMessage` may hold `{name}` placeholders that `KitError` fills from `params`.
 * @module
 */

/** Where a code's text shows up. */
export type ErrorSurface = 'snack' | 'alert' | 'input' | 'thrown' | 'embedded' | 'kernel'

/** One catalogue entry. */
export interface ErrorCodeEntry {
  /** Text safe to show a visitor: the spec's words, no addresses or RPC dumps. */
  readonly userMessage: string
  /** Text for developers when it differs from `userMessage`. */
  readonly shortMessage?: string
  /** Where the spec shows it. */
  readonly surface: ErrorSurface
}

const entry = (
  surface: ErrorSurface,
  userMessage: string,
  shortMessage?: string,
): ErrorCodeEntry =>
  shortMessage === undefined ? { surface, userMessage } : { surface, userMessage, shortMessage }

/** Every error code with its catalogue entry. */
export const ERROR_CODES = Object.freeze({
  // §8 snack messages that report a failure
  TOKEN_BALANCE_UNAVAILABLE: entry('snack', 'Token Balance Unavailable'),
  SOMETHING_WENT_WRONG: entry('snack', 'Something went wrong'),
  AUTH_INIT_FAILED: entry('snack', 'A problem occurred while trying initialize authentication'),
  USER_REJECTED: entry('snack', 'Signature declined', 'The user rejected the request.'),
  SMART_ACCOUNT_UNSUPPORTED: entry('snack', 'This application might not support Smart Accounts'),

  // §8 alert and swap input error
  INVALID_AMOUNT: entry('alert', 'Incorrect amount / Please enter a valid amount'),
  INSUFFICIENT_BALANCE: entry('input', 'Insufficient balance'),
  INSUFFICIENT_GAS: entry(
    'input',
    'Insufficient balance',
    'The native balance cannot pay for gas.',
  ),

  // §8 thrown errors
  UNSUPPORTED_NETWORK: entry('thrown', 'Unsupported chain'),
  /**
   * @deprecated Since the kit says "network" for a CAIP-2 chain and "namespace" for a chain family
   * (decision 0016): use `UNSUPPORTED_NETWORK`. Kept so a released code is never reused.
   */
  UNSUPPORTED_CHAIN: entry('thrown', 'Unsupported chain'),
  DISCONNECT_FAILED: entry('thrown', 'Failed to disconnect'),
  NETWORK_NOT_FOUND: entry('thrown', 'Network not found'),
  AUTH_CONNECTOR_NOT_FOUND: entry('thrown', 'Address or auth connector not found'),
  NO_ACTIVE_ADDRESS: entry('thrown', 'No ActiveCaipAddress found'),

  // §8 other messages
  HTTP_STATUS: entry('thrown', 'HTTP status code: {status}'),
  UNKNOWN_ERROR: entry('thrown', 'Unknown error'),
  VALIDATION_FAILED: entry('thrown', 'Invalid input'),
  EMAIL_LOGIN_COOLDOWN: entry('thrown', 'Please try again after {seconds} seconds'),

  // §8 embedded wallet
  CANCELLED: entry('embedded', 'Request was aborted'),
  EMBEDDED_WALLET_ERROR: entry('embedded', 'An error occurred'),
  EMBEDDED_WALLET_LOAD_FAILED: entry('embedded', 'Unable to load email login dependency'),
  EMBEDDED_NETWORK_NOT_FOUND: entry('embedded', 'Network Not Found'),
  INVALID_APP_CONFIGURATION: entry('embedded', 'Invalid App Configuration'),
  SESSION_EXPIRED: entry('embedded', 'Session Expired'),
  PROJECT_ID_NOT_CONFIGURED: entry('embedded', 'Project ID Not Configured'),
  TRANSPORT_URL_MISSING: entry('embedded', 'No URL was provided to the Transport'),
  // §6: the developer sees the first text, the visitor the UI text.
  RPC_NOT_ALLOWED: entry('embedded', 'Action not allowed', 'Requested RPC call is not allowed'),

  // Kernel conditions the spec does not name; visitors see its generic text.
  INVALID_EVENT: entry('kernel', 'Something went wrong', 'The event does not match its schema.'),
  PLUGIN_ALREADY_REGISTERED: entry(
    'kernel',
    'Something went wrong',
    'A plugin for this namespace is already registered.',
  ),
  PLUGIN_NOT_FOUND: entry('kernel', 'Network not found', 'No plugin serves this namespace.'),
  CONNECTOR_NOT_FOUND: entry('kernel', 'Something went wrong', 'No such connector.'),
  CAPABILITY_UNSUPPORTED: entry(
    'kernel',
    'Action not allowed',
    'The plugin does not offer this capability.',
  ),
  NOT_CONNECTED: entry('kernel', 'No ActiveCaipAddress found', 'The namespace is not connected.'),
  STORAGE_DATA_DISCARDED: entry(
    'kernel',
    'Something went wrong',
    'Stored data was corrupt or foreign and was discarded.',
  ),
  KIT_DESTROYED: entry('kernel', 'Something went wrong', 'The kit was destroyed.'),

  // Wallet and node conditions the spec does not name (ours; docs/decisions/0100).
  WALLET_REQUEST_PENDING: entry(
    'thrown',
    'Open your wallet to continue',
    'The wallet is already showing a request (EIP-1193 -32002).',
  ),
  RPC_TIMEOUT: entry('kernel', 'Something went wrong', 'The node did not answer in time.'),
  RPC_CHAIN_MISMATCH: entry(
    'kernel',
    'Something went wrong',
    'The node serves another network than the one configured for it.',
  ),
} satisfies Record<string, ErrorCodeEntry>)

/** A stable error code of the core catalogue. */
export type CoreErrorCode = keyof typeof ERROR_CODES

/**
 * The error codes features add, by code. A feature augments it for each code it raises
 * (`declare module '@gangway/kit' { interface FeatureErrorCodes { SWAP_INIT_FAILED: true } }`) and
 * registers the entries when its code loads.
 * @see /docs/features.md
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface FeatureErrorCodes {}

/**
 * The error codes chain plugins declare (`ChainPlugin.errors`), by code. A plugin augments it for
 * each code it declares (`declare module '@gangway/kit' { interface PluginErrorCodes { TOY_LOCKED: true } }`).
 * @see /docs/plugins.md#declaring-error-codes
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface PluginErrorCodes {}

/** A stable error code: the core catalogue's, a feature's or a plugin's. */
export type ErrorCode =
  | CoreErrorCode
  | (keyof FeatureErrorCodes & string)
  | (keyof PluginErrorCodes & string)

/** Every core error code, in catalogue order. */
export const ERROR_CODE_LIST = Object.freeze(Object.keys(ERROR_CODES) as CoreErrorCode[])

/** A code as the catalogue spells them: SCREAMING_SNAKE. */
export const ERROR_CODE_PATTERN = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/

/**
 * The catalogue entry of a core code.
 * @example
 * import { errorEntryOf } from '@gangway/kit'
 * errorEntryOf('USER_REJECTED')?.userMessage // 'Signature declined'
 * @param code - the code.
 * @returns its entry, or `undefined` for a code that is not the core's (a feature's codes are in
 * its own table and in the kit's catalogue, `kit.catalogue`).
 */
export function errorEntryOf(code: string): ErrorCodeEntry | undefined {
  return Object.hasOwn(ERROR_CODES, code) ? ERROR_CODES[code as CoreErrorCode] : undefined
}

/**
 * The English text of a core notice id.
 * @example
 * import { noticeTextOf } from '@gangway/kit'
 * noticeTextOf('AUTHENTICATING') // 'Authenticating...'
 * @param id - the notice id.
 * @returns the text, or `undefined`.
 */
export function noticeTextOf(id: string): string | undefined {
  return Object.hasOwn(NOTICE_MESSAGES, id) ? NOTICE_MESSAGES[id as NoticeId] : undefined
}

/**
 * The docs path of a code: its anchor in `docs/errors.md`.
 * @example
 * import { docsPathOf } from '@gangway/kit'
 * docsPathOf('USER_REJECTED') // '/docs/errors.md#user_rejected'
 * @param code - the code.
 * @returns the docs path.
 */
export function docsPathOf(code: ErrorCode): string {
  return `/docs/errors.md#${code.toLowerCase()}`
}

/**
 * Fills `{name}` placeholders of a catalogue text.
 * @internal
 */
export function fillTemplate(
  template: string,
  params: Readonly<Record<string, string | number>> | undefined,
): string {
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  )
}

/**
 * The §8 snack texts that report progress rather than failure. Keyed by a stable id so the UI's
 * message catalogue can translate them.
 */
export const NOTICE_MESSAGES = Object.freeze({
  TRANSACTION_STARTED: 'Transaction started',
  APPROVE_LIMIT_INCREASE: 'Approve limit increase in your wallet',
  CONFIRM_TRANSACTION: 'Confirm transaction in your wallet',
  AUTHENTICATING: 'Authenticating...',
})

/** A notice id. */
export type NoticeId = keyof typeof NOTICE_MESSAGES

/**
 * The English text of a catalogue code: a notice's, else an error's `userMessage`, with its
 * `{name}` placeholders filled. What a snack carrying a code reads as without a UI catalogue.
 * @example
 * import { catalogueText } from '@gangway/kit'
 * catalogueText('EMAIL_LOGIN_COOLDOWN', { seconds: 12 }) // 'Please try again after 12 seconds'
 * @param code - an error code or notice id.
 * @param params - values for the placeholders.
 * @returns the text; the code itself when no loaded catalogue has it.
 */
export function catalogueText(
  code: string,
  params?: Readonly<Record<string, string | number>> | null,
): string {
  const template = noticeTextOf(code) ?? errorEntryOf(code)?.userMessage ?? code
  return fillTemplate(template, params ?? undefined)
}
