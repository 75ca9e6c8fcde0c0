import type * as z from 'zod/mini'
import { KitError, ValidationError } from '../errors/KitError.js'
import { type EventType, eventMetaSchema, eventPayloadSchemas } from './schemas.js'
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
 * import { parseOrThrow, nameToRegisterSchema } from 'gangway'
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
 * Checks an event input against the catalogue and returns the parsed (stripped) payload.
 * @internal
 * @throws INVALID_EVENT
 */
export function validateEventInput(input: unknown): EventInput {
  const candidate = input as { type?: unknown; payload?: unknown; correlationId?: unknown }
  const type = candidate?.type
  if (typeof type !== 'string' || !Object.hasOwn(eventPayloadSchemas, type)) {
    throw new KitError('INVALID_EVENT', { details: `Unknown event type ${JSON.stringify(type)}.` })
  }
  if (candidate.correlationId !== undefined && typeof candidate.correlationId !== 'string') {
    throw new KitError('INVALID_EVENT', { details: 'correlationId must be a string.' })
  }
  const schema = eventPayloadSchemas[type as EventType] as z.ZodMiniType
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

/**
 * Checks a whole stored event (payload and meta), for logs loaded from storage or files.
 * @internal
 * @throws INVALID_EVENT
 */
export function validateStoredEvent(value: unknown): KitEvent {
  const input = validateEventInput(value)
  const meta = eventMetaSchema.safeParse((value as { meta?: unknown }).meta, parseOptions)
  if (!meta.success) {
    throw new KitError('INVALID_EVENT', {
      details: `meta: ${formatIssues(meta.error.issues).join('; ')}`,
    })
  }
  return { type: input.type, payload: input.payload, meta: meta.data } as KitEvent
}
