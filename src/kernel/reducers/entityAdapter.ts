import type { Draft } from 'immer'
import type { EntityState } from '../state.js'

/** Inserts or replaces an entity, keeping `ids` and `entities` in step (RTK entity adapter). */
export function upsertEntity<TEntity>(
  collection: Draft<EntityState<TEntity>>,
  id: string,
  entity: Draft<TEntity>,
): void {
  if (!(id in collection.entities)) collection.ids.push(id)
  ;(collection.entities as Record<string, Draft<TEntity>>)[id] = entity
}

/** Removes an entity by id if present. */
export function removeEntity<TEntity>(collection: Draft<EntityState<TEntity>>, id: string): void {
  if (!(id in collection.entities)) return
  delete (collection.entities as Record<string, unknown>)[id]
  collection.ids.splice(collection.ids.indexOf(id), 1)
}
