import * as z from 'zod/mini'
import { ERROR_CODE_PATTERN, type ErrorCode } from './codes.js'
import { CancelledError, KitError, UserRejectedError, ValidationError } from './KitError.js'

/** A {@link KitError} as state and events hold it: plain JSON, never an `Error` instance. */
export interface SerializedKitError {
  readonly name: string
  readonly code: ErrorCode
  readonly shortMessage: string
  readonly userMessage: string
  readonly details?: string
  readonly plugin?: string
  /** The values of the code's `{name}` placeholders, for a UI's own text of the code. */
  readonly params?: Readonly<Record<string, string | number>>
}

/** The zod schema of {@link SerializedKitError}. */
export const serializedKitErrorSchema = z.object({
  name: z.string(),
  // The core codes and any feature's: codes are SCREAMING_SNAKE and never reused, so a recorded
  // error keeps its meaning even in a page where its feature has not loaded.
  code: z.custom<ErrorCode>((value) => typeof value === 'string' && ERROR_CODE_PATTERN.test(value)),
  shortMessage: z.string(),
  userMessage: z.string(),
  details: z.optional(z.string()),
  plugin: z.optional(z.string()),
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
})

/**
 * Flattens a {@link KitError} for events and state.
 * @example
 * import { KitError, serializeKitError } from '@gangway/kit'
 * serializeKitError(new KitError('USER_REJECTED')).userMessage // 'Signature declined'
 * @param error - the error.
 * @returns its serializable form.
 */
export function serializeKitError(error: KitError): SerializedKitError {
  return {
    name: error.name,
    code: error.code,
    shortMessage: error.shortMessage,
    userMessage: error.userMessage,
    ...(error.details === undefined ? {} : { details: error.details }),
    ...(error.plugin === undefined ? {} : { plugin: error.plugin }),
    ...(error.params === undefined ? {} : { params: { ...error.params } }),
  }
}

/**
 * Rebuilds a throwable {@link KitError} from its serialized form: the subclass of its code, and
 * the texts exactly as recorded.
 * @internal
 */
export function deserializeKitError(serialized: SerializedKitError): KitError {
  const parameters = {
    ...(serialized.details === undefined ? {} : { details: serialized.details }),
    ...(serialized.plugin === undefined ? {} : { plugin: serialized.plugin }),
    ...(serialized.params === undefined ? {} : { params: serialized.params }),
    recorded: { userMessage: serialized.userMessage, shortMessage: serialized.shortMessage },
  }
  switch (serialized.code) {
    case 'USER_REJECTED':
      return new UserRejectedError(parameters)
    case 'CANCELLED':
      return new CancelledError(parameters)
    case 'VALIDATION_FAILED':
      return new ValidationError([], parameters)
    default:
      return new KitError(serialized.code, parameters)
  }
}
