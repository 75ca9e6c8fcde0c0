/**
 * The activity feature's code: its state and events so far. Its service client, effects and view
 * come with issue #13 (the Gangway server's history); until then it is not among the features a
 * kit registers by default.
 * @module
 */
import type { FeatureModule } from '../../kernel/index.js'
import { activityEvents } from './events.js'
import { type ActivityState, activitySlice } from './slice.js'

/** Everything the activity feature brings when it loads. */
export const activityModule: FeatureModule<ActivityState> = {
  events: activityEvents,
  slice: activitySlice,
}
