import type * as z from 'zod/mini'
import { KitError } from '../errors/KitError.js'
import { CORE_VIEWS } from '../views.js'
import { type CoreEventType, eventPayloadSchemas } from './schemas.js'
import type { EventInput } from './types.js'
import { checkEventInput } from './validate.js'

/**
 * One kit's closed event catalogue: the core events plus the events of the features this kit
 * registered, each with its zod schema. Nothing else enters the kit's log. A feature's schemas
 * join when its code has loaded; until then its events cannot be appended (nothing can emit them:
 * its intents and effects are what loads).
 */
export interface EventCatalogue {
  /** Checks an input against its schema and returns the parsed (stripped) input. @throws INVALID_EVENT */
  validate(input: unknown): EventInput
  /** The schema of a type, if the catalogue has it. */
  schemaOf(type: string): z.ZodMiniType | undefined
  /** Whether a view name is one this kit knows (core views and its features' views). */
  hasView(view: string): boolean
  /**
   * Adds a feature's event schemas; every type must start with `<feature>/` and be new.
   * @throws VALIDATION_FAILED
   */
  addFeature(name: string, schemas: Readonly<Record<string, z.ZodMiniType>>): void
}

const ROUTER_VIEW_EVENTS: ReadonlySet<string> = new Set([
  'router/pushed',
  'router/replaced',
  'router/reset',
  'modal/opened',
])

/**
 * Creates a kit's catalogue.
 * @example
 * import { createEventCatalogue } from '@gangway/kit'
 * const catalogue = createEventCatalogue({ views: ['Send'] })
 * catalogue.validate({ type: 'router/pushed', payload: { view: 'Send' } })
 * @param parameters - the views of the kit's features (the core views are always known).
 * @returns the catalogue.
 * @see /docs/features.md
 */
export function createEventCatalogue(
  parameters: { readonly views?: readonly string[] } = {},
): EventCatalogue {
  const extra = new Map<string, z.ZodMiniType>()
  const views = new Set([...CORE_VIEWS, ...(parameters.views ?? [])])
  const schemaOf = (type: string): z.ZodMiniType | undefined =>
    Object.hasOwn(eventPayloadSchemas, type)
      ? (eventPayloadSchemas[type as CoreEventType] as z.ZodMiniType)
      : extra.get(type)
  return {
    schemaOf,
    hasView: (view) => views.has(view),
    validate: (input) => {
      const valid = checkEventInput(input, schemaOf)
      // The router's views are a per-kit closed set, like the event types.
      if (ROUTER_VIEW_EVENTS.has(valid.type)) {
        const view = (valid.payload as { view?: string }).view
        if (view !== undefined && !views.has(view)) {
          throw new KitError('INVALID_EVENT', {
            details: `${valid.type}: no view "${view}" in this kit.`,
          })
        }
      }
      return valid
    },
    addFeature: (name, schemas) => {
      for (const [type, schema] of Object.entries(schemas)) {
        if (!type.startsWith(`${name}/`) || schemaOf(type)) {
          throw new KitError('VALIDATION_FAILED', {
            details: `Feature "${name}" cannot declare event "${type}".`,
          })
        }
        extra.set(type, schema)
      }
    },
  }
}
