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
  pendingRefreshEffect,
} from './effects.js'
import { activityEvents } from './events.js'
import { type ActivityIntents, createActivityIntents } from './intents.js'
import { type ActivityState, activitySlice } from './slice.js'

/** Everything the activity feature brings when it loads. */
export const activityModule: FeatureModule<ActivityState, ActivityIntents> = {
  events: activityEvents,
  slice: activitySlice,
  effects: [firstPageEffect, pendingRefreshEffect, fetchActivityEffect, activitySnackEffect],
  errors: {
    // The same entry as the core catalogue's (which keeps it for its locales and docs until the
    // kernel drops it; see KERNEL_NOTES.md): registering an identical entry is allowed.
    TRANSACTIONS_FETCH_FAILED: { surface: 'snack', userMessage: 'Failed to fetch transactions' },
  },
  intents: createActivityIntents,
}
