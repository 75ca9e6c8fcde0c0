/**
 * `@gangway/kit/activity`: the account's transactions (§3 Transaction) from the Gangway server's data
 * service (`serviceUrl`), grouped by the §9 title rule, newest first, page by page, with the
 * sends made in the modal shown at once. Registered by default under the §9 `history` switch;
 * sites that list their features pass `activity()` in `createKit({ features })`.
 * @module @gangway/kit/activity
 */
export { toTransaction } from './effects.js'
export { activity } from './feature.js'
export type { ActivityIntents } from './intents.js'
export { type ActivityKind, activityKindOf, filterActivity, relativeTimeOf } from './rules.js'
export { type ActivityGroup, groupActivity, selectActivity } from './selectors.js'
export type { ActivityState, SendInFlight } from './slice.js'
