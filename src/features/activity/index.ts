/**
 * `gangway/activity`: the account's transactions (§3 Transaction) from the Gangway server's data
 * service (`serviceUrl`), grouped by the §9 title rule, newest first, page by page, with the
 * sends made in the modal shown at once. Not registered by default: pass `activity()` in
 * `createKit({ features })`.
 * @module gangway/activity
 */
import { defineFeature } from '../../kernel/index.js'

export { toTransaction } from './effects.js'
export type { ActivityIntents } from './intents.js'
export { filterActivity } from './rules.js'
export { type ActivityGroup, groupActivity, selectActivity } from './selectors.js'
export type { ActivityState, SendInFlight } from './slice.js'

/**
 * The activity feature: the Account view's activity list and `kit.features.activity.*`. Its code
 * loads when Account is shown or one of its intents is called. Without a `serviceUrl` it lists
 * only the sends made in this page, and never claims there is nothing more.
 * @example
 * import { createKit } from 'gangway'
 * import { activity } from 'gangway/activity'
 * import { send } from 'gangway/send'
 * const kit = createKit({ plugins, serviceUrl: 'http://127.0.0.1:8787', features: [send(), activity()] })
 * await kit.features.activity.loadMore()
 * @returns the feature.
 * @see /docs/server.md
 */
export const activity = () =>
  defineFeature({
    name: 'activity',
    wakesOn: ({ after }) => after.modal.isOpen && after.router.view === 'Account',
    load: () => import('./module.js').then((module) => module.activityModule),
  })
