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
  errors: {
    // §8 'Failed to fetch transactions': only a kit with activity can raise it.
    TRANSACTIONS_FETCH_FAILED: { surface: 'snack', userMessage: 'Failed to fetch transactions' },
  },
  intents: createActivityIntents,
}
