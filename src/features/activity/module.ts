/**
 * The activity feature's code, loaded the first time Account is shown or one of its intents is
 * called.
 * @module
 */
import type { FeatureModule } from '../../kernel/index.js'
import {
  activitySnackEffect,
  fetchActivityEffect,
  firstPageEffect,
  indexingRefreshEffect,
  pendingRefreshEffect,
} from './effects.js'
import { activityErrors } from './errors.js'
import { activityEvents } from './events.js'
import { type ActivityIntents, createActivityIntents } from './intents.js'
import { type ActivityState, activitySlice } from './slice.js'

/** Everything the activity feature brings when it loads. */
export const activityModule: FeatureModule<ActivityState, ActivityIntents> = {
  events: activityEvents,
  slice: activitySlice,
  effects: [
    firstPageEffect,
    pendingRefreshEffect,
    indexingRefreshEffect,
    fetchActivityEffect,
    activitySnackEffect,
  ],
  errors: activityErrors.entries,
  intents: createActivityIntents,
}
