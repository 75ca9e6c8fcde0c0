import type { Draft } from 'immer'
import type { SerializedKitError } from '../errors/serialize.js'
import type { KitEvent } from '../events/types.js'
import type { KitState } from '../state.js'

const REQUESTED = '/requested'
const SUCCEEDED = '/succeeded'
const FAILED = '/failed'

/**
 * Operations in flight, keyed by correlation id, and the last failure. Generic over every
 * `x/requested` → `x/succeeded` | `x/failed` triple of the catalogue.
 */
export function operationsReducer(draft: Draft<KitState>, event: KitEvent): void {
  const correlationId = event.meta.correlationId
  if (!correlationId) return
  const { type } = event
  if (type.endsWith(REQUESTED)) {
    const namespace = (event.payload as { namespace?: string }).namespace
    draft.operations.pending[correlationId] = {
      type: type.slice(0, -REQUESTED.length),
      ...(namespace === undefined ? {} : { namespace }),
    }
    return
  }
  if (type.endsWith(SUCCEEDED) || type.endsWith(FAILED)) {
    if (correlationId in draft.operations.pending) delete draft.operations.pending[correlationId]
    if (type.endsWith(FAILED)) {
      const { error } = event.payload as { error: SerializedKitError }
      draft.operations.lastFailure = {
        type: type.slice(0, -FAILED.length),
        error,
        at: event.meta.at,
      }
    }
  }
}
