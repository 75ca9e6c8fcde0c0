/**
 * `@gangway/kit/receive`: the Receive view (§2, §9 `receive`) as a feature. The kit registers it by
 * default; this entry is for sites that list their features themselves, and for its selector.
 * @module @gangway/kit/receive
 */

export { receive } from './feature.js'
export { type ReceiveTarget, selectReceiveTarget } from './selectors.js'
