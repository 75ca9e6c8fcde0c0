import type * as z from 'zod/mini'
import { KitError, ValidationError } from '../errors/KitError.js'
import { type CoreEventType, eventMetaSchema, eventPayloadSchemas } from './schemas.js'
import type { EventInput, KitEvent } from './types.js'

/**
 * Turns zod issues into lines with the spec's words: 'Required' for a missing value, otherwise
 * the schema's own message, which is 'Invalid input' unless a schema names something better.
 * @internal
 */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const path = issue.path.length ? issue.path.map(String).join('.') : '(root)'
    return `${path}: ${issue.message}`
  })
}

const parseOptions = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : 'Invalid input',
}

/**
 * Parses a value with a schema, throwing a {@link ValidationError} whose lines use the spec's
 * 'Required' and 'Invalid input'.
 * @example
 * import { parseOrThrow, nameToRegisterSchema } from '@gangway/kit'
 * parseOrThrow(nameToRegisterSchema, 'alice')
 * @param schema - the zod schema.
 * @param value - the value.
 * @returns the parsed value.
 * @throws VALIDATION_FAILED
 */
export function parseOrThrow<TSchema extends z.ZodMiniType>(
  schema: TSchema,
  value: unknown,
): z.infer<TSchema> {
  const result = schema.safeParse(value, parseOptions)
  if (result.success) return result.data
  throw new ValidationError(formatIssues(result.error.issues))
}

/**
 * Checks an event input against the schema `schemaOf` gives for its type and returns the parsed
 * (stripped) input. The core catalogue and each kit's catalogue (with its features) share it.
 * @internal
 * @throws INVALID_EVENT
 */
export function checkEventInput(
  input: unknown,
  schemaOf: (type: string) => z.ZodMiniType | undefined,
): EventInput {
  const candidate = input as { type?: unknown; payload?: unknown; correlationId?: unknown }
  const type = candidate?.type
  const schema = typeof type === 'string' ? schemaOf(type) : undefined
  if (typeof type !== 'string' || !schema) {
    throw new KitError('INVALID_EVENT', { details: `Unknown event type ${JSON.stringify(type)}.` })
  }
  if (candidate.correlationId !== undefined && typeof candidate.correlationId !== 'string') {
    throw new KitError('INVALID_EVENT', { details: 'correlationId must be a string.' })
  }
  const result = schema.safeParse(candidate.payload, parseOptions)
  if (!result.success) {
    throw new KitError('INVALID_EVENT', {
      details: `${type}: ${formatIssues(result.error.issues).join('; ')}`,
      metaMessages: formatIssues(result.error.issues),
    })
  }
  return {
    type,
    payload: result.data,
    ...(candidate.correlationId === undefined ? {} : { correlationId: candidate.correlationId }),
  } as EventInput
}

const coreSchemaOf = (type: string): z.ZodMiniType | undefined =>
  Object.hasOwn(eventPayloadSchemas, type)
    ? (eventPayloadSchemas[type as CoreEventType] as z.ZodMiniType)
    : undefined

/**
 * Checks an event input against the core catalogue (no feature events) and returns the parsed
 * (stripped) payload. A kit validates against its own catalogue (`createEventCatalogue`).
 * @internal
 * @throws INVALID_EVENT
 */
export function validateEventInput(input: unknown): EventInput {
  return checkEventInput(input, coreSchemaOf)
}

/**
 * Checks a whole stored event (payload and meta), for logs loaded from storage or files; `validate`
 * is the catalogue to check against (a kit's, for a log with feature events; the core one by default).
 * @internal
 * @throws INVALID_EVENT
 */
export function validateStoredEvent(
  value: unknown,
  validate: (input: unknown) => EventInput = validateEventInput,
): KitEvent {
  const input = validate(value)
  const meta = eventMetaSchema.safeParse((value as { meta?: unknown }).meta, parseOptions)
  if (!meta.success) {
    throw new KitError('INVALID_EVENT', {
      details: `meta: ${formatIssues(meta.error.issues).join('; ')}`,
    })
  }
  return { type: input.type, payload: input.payload, meta: meta.data } as KitEvent
}
