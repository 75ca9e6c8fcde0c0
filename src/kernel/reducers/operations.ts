import type { Draft } from 'immer'
import type { SerializedKitError } from '../errors/serialize.js'
import type { KitEvent } from '../events/types.js'
import type { KitState } from '../state.js'
import { defineSliceReducer } from './defineSliceReducer.js'

const REQUESTED = '/requested'
const SUCCEEDED = '/succeeded'
const FAILED = '/failed'

function reduceOperations(draft: Draft<Pick<KitState, 'operations'>>, event: KitEvent): void {
  const correlationId = event.meta.correlationId
  if (!correlationId) return
  const { type } = event
  if (type.endsWith(REQUESTED)) {
    const { namespace, connectorId } = event.payload as { namespace?: string; connectorId?: string }
    draft.operations.pending[correlationId] = {
      type: type.slice(0, -REQUESTED.length),
      ...(namespace === undefined ? {} : { namespace }),
      ...(connectorId === undefined ? {} : { connectorId }),
    }
    return
  }
  if (type.endsWith(SUCCEEDED) || type.endsWith(FAILED)) {
    if (correlationId in draft.operations.pending) delete draft.operations.pending[correlationId]
    if (type.endsWith(FAILED)) {
      const { error, namespace, connectorId } = event.payload as {
        error: SerializedKitError
        namespace?: string
        connectorId?: string
      }
      // A cancelled operation was replaced by a newer one or given up by the visitor: nothing
      // failed that a view should show, and the failure it would hide may still matter.
      if (error.code === 'CANCELLED') return
      draft.operations.lastFailure = {
        type: type.slice(0, -FAILED.length),
        error,
        at: event.meta.at,
        // What a retry needs (the connecting view retries the same wallet).
        ...(namespace === undefined ? {} : { namespace }),
        ...(connectorId === undefined ? {} : { connectorId }),
      }
    }
  }
}

/**
 * Operations in flight, keyed by correlation id, and the last failure. Generic over every
 * `x/requested` → `x/succeeded` | `x/failed` triple of the kit's catalogue, features' included.
 */
export const operationsReducer = defineSliceReducer({
  keys: ['operations'],
  // Every triple, the features' included.
  handles: (type) => type.endsWith(REQUESTED) || type.endsWith(SUCCEEDED) || type.endsWith(FAILED),
  skip: (event) => event.meta.correlationId === undefined,
  recipe: reduceOperations,
})
