/**
 * `@gangway/kit/prices`: USD prices, token icons and the tokens a data service knows an account
 * holds, joined to each balance read (decision 0306). Registered by default; sites that list their
 * features pass `prices()` in `createKit({ features })`.
 * @module @gangway/kit/prices
 */
export { prices } from './feature.js'
