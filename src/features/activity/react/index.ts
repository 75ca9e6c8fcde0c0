/**
 * `@gangway/kit/react/activity`: the activity feature's React part, loaded on its own so a page pays
 * for it only when it shows the list.
 * @module @gangway/kit/react/activity
 */

import { defineFeatureUi } from '../../../ui/index.js'
import { ActivityList } from './ActivityList.js'
import { activityMessages } from './messages.js'

export { ActivityList } from './ActivityList.js'

/** The activity feature's React part: the Account view's Activity tab and its copy. */
export const activityUi = defineFeatureUi({
  tabs: { activity: ActivityList },
  messages: activityMessages,
})
