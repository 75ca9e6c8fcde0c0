import type { Draft } from 'immer'
import type { FeatureName } from '../constants.js'
import type { KitEvent } from '../events/types.js'
import { defaultOptionsState, type KitState } from '../state.js'
import { CORE_VIEWS } from '../views.js'
import { defineSliceReducer } from './defineSliceReducer.js'

function reduceOptions(
  draft: Draft<Pick<KitState, 'options' | 'environment' | 'kit'>>,
  event: KitEvent,
): void {
  if (event.type !== 'kit/configured') return
  const { options, environment } = event.payload
  const defaults = defaultOptionsState()
  draft.options = {
    ...options,
    features: {
      ...defaults.features,
      ...(options.features as Partial<Record<FeatureName, boolean>>),
    },
  }
  draft.environment = environment
  draft.kit = {
    features: event.payload.features ?? [],
    views: event.payload.views ?? [...CORE_VIEWS],
    settings: event.payload.settings ?? {},
  }
}

/**
 * Options, environment and the kit's shape (its features and views), set once when the kit is
 * created (§3 options, §9 feature defaults).
 */
export const optionsReducer = defineSliceReducer({
  keys: ['options', 'environment', 'kit'],
  handles: ['kit/configured'],
  recipe: reduceOptions,
})
