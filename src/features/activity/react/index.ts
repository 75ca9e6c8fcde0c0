/**
 * `@gangway/kit/react/activity`: the activity feature's React part, loaded on its own so a page pays
 * for it only when it shows the list.
 * @module @gangway/kit/react/activity
 */
export { ActivityList } from './ActivityList.js'
