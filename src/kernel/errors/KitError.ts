import {
  docsPathOf,
  type ErrorCode,
  type ErrorCodeEntry,
  errorEntryOf,
  fillTemplate,
} from './codes.js'

/** The package version stamped on every error. */
export const KIT_VERSION = '0.1.0'

/** Parameters of a {@link KitError}. */
export interface KitErrorParameters {
  /** Developer-facing detail, for example a node's reply. Never shown to visitors. */
  readonly details?: string
  /** Extra lines for the composed `message`. */
  readonly metaMessages?: readonly string[]
  /** The underlying failure. */
  readonly cause?: unknown
  /** The namespace of the plugin the failure crossed, if any. */
  readonly plugin?: string
  /** Values for the `{name}` placeholders of the catalogue text. */
  readonly params?: Readonly<Record<string, string | number>>
  /**
   * The catalogue entry of a code that is not the core's: a feature's own texts
   * (`defineErrorCodes(...).create` passes them) or a chain plugin's declared code
   * (`ChainPlugin.errors`), so none is registered globally.
   */
  readonly entry?: ErrorCodeEntry
  /** Texts recorded earlier (a deserialized error keeps what was shown). @internal */
  readonly recorded?: { readonly userMessage: string; readonly shortMessage: string }
}

/**
 * The one error type Gangway throws and records: a stable `code` from the catalogue, a
 * `userMessage` safe to show, and a developer `message` composed viem-style.
 * @example
 * import { KitError } from '@gangway/kit'
 * const error = new KitError('USER_REJECTED')
 * error.userMessage // 'Signature declined'
 * @see /docs/errors.md
 */
export class KitError<TCode extends ErrorCode = ErrorCode> extends Error {
  override name = 'KitError'
  /** The stable code. */
  readonly code: TCode
  /** Text for developers. */
  readonly shortMessage: string
  /** Text safe to show a visitor (the spec's words). */
  readonly userMessage: string
  /** Developer detail; never rendered by the UI. */
  readonly details: string | undefined
  /** Where the code is documented. */
  readonly docsPath: string
  /** Extra developer lines. */
  readonly metaMessages: readonly string[]
  /** The namespace of the plugin the error crossed. */
  readonly plugin: string | undefined
  /**
   * The values of the catalogue text's `{name}` placeholders, so a UI fills its own language's
   * text of the code ('HTTP-Statuscode: 404') rather than showing the template.
   */
  readonly params: Readonly<Record<string, string | number>> | undefined
  /** The Gangway version that raised it. */
  readonly version = KIT_VERSION

  constructor(code: TCode, parameters: KitErrorParameters = {}) {
    // A code whose feature has not loaded in this page (an error rebuilt from a stored event)
    // still reads as the generic text; its recorded texts take precedence anyway.
    const catalogue = errorEntryOf(code) ??
      parameters.entry ?? { userMessage: 'Something went wrong' }
    const userMessage =
      parameters.recorded?.userMessage ?? fillTemplate(catalogue.userMessage, parameters.params)
    const shortMessage =
      parameters.recorded?.shortMessage ??
      ('shortMessage' in catalogue && catalogue.shortMessage
        ? fillTemplate(catalogue.shortMessage, parameters.params)
        : userMessage)
    const docsPath = docsPathOf(code)
    const lines = [
      shortMessage,
      ...(parameters.metaMessages?.length ? ['', ...parameters.metaMessages] : []),
      '',
      `Docs: ${docsPath}`,
      ...(parameters.details ? [`Details: ${parameters.details}`] : []),
      `Version: gangway@${KIT_VERSION}`,
    ]
    super(lines.join('\n'), parameters.cause === undefined ? {} : { cause: parameters.cause })
    this.code = code
    this.shortMessage = shortMessage
    this.userMessage = userMessage
    this.details = parameters.details
    this.docsPath = docsPath
    this.metaMessages = parameters.metaMessages ?? []
    this.plugin = parameters.plugin
    this.params = parameters.params
  }

  /**
   * Finds the first error in the cause chain (this one included) that matches.
   * @param predicate - the test; without one, the deepest cause is returned.
   * @returns the match, or `null`.
   */
  walk(predicate?: (error: unknown) => boolean): unknown {
    let current: unknown = this
    let last: unknown = this
    const seen = new Set<unknown>()
    while (current !== undefined && current !== null && !seen.has(current)) {
      seen.add(current)
      if (predicate?.(current)) return current
      last = current
      current = (current as { cause?: unknown }).cause
    }
    return predicate ? null : last
  }
}

/** A user refused the request in the wallet (EIP-1193 4001 and the like). */
export class UserRejectedError extends KitError<'USER_REJECTED'> {
  static readonly code = 'USER_REJECTED' as const
  override name = 'UserRejectedError'
  constructor(parameters: KitErrorParameters = {}) {
    super('USER_REJECTED', parameters)
  }
}
/** The error type {@link UserRejectedError} throws. */
export type UserRejectedErrorType = UserRejectedError

/** A newer request replaced this one, or the caller aborted it. */
export class CancelledError extends KitError<'CANCELLED'> {
  static readonly code = 'CANCELLED' as const
  override name = 'CancelledError'
  constructor(parameters: KitErrorParameters = {}) {
    super('CANCELLED', parameters)
  }
}
/** The error type {@link CancelledError} throws. */
export type CancelledErrorType = CancelledError

/** Input did not pass its schema; `metaMessages` lists each problem by path. */
export class ValidationError extends KitError<'VALIDATION_FAILED'> {
  static readonly code = 'VALIDATION_FAILED' as const
  override name = 'ValidationError'
  /** One line per problem, `path: message`, with the spec's 'Required' and 'Invalid input'. */
  readonly issues: readonly string[]
  constructor(issues: readonly string[], parameters: KitErrorParameters = {}) {
    super('VALIDATION_FAILED', { ...parameters, metaMessages: issues })
    this.issues = issues
  }
}
/** The error type {@link ValidationError} throws. */
export type ValidationErrorType = ValidationError

/**
 * Turns anything thrown into a {@link KitError}; a `KitError` passes through unchanged.
 * @example
 * import { toKitError } from '@gangway/kit'
 * toKitError(new Error('boom')).code // 'UNKNOWN_ERROR'
 * @param error - what was thrown.
 * @param fallback - the code for errors that are not already a `KitError`.
 * @param entry - the fallback's catalogue entry when it is not a core code (a feature's).
 * @returns a `KitError`.
 */
export function toKitError(
  error: unknown,
  fallback: ErrorCode = 'UNKNOWN_ERROR',
  entry?: ErrorCodeEntry,
): KitError {
  if (error instanceof KitError) return error
  const details = error instanceof Error ? error.message : undefined
  return new KitError(fallback, {
    cause: error,
    ...(details === undefined ? {} : { details }),
    ...(entry === undefined ? {} : { entry }),
  })
}
