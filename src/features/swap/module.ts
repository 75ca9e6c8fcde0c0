/**
 * The swap feature's code: its state and events so far. Its flow (quotes, allowance, approval,
 * the swap itself against the Gangway server's convert API) and views come with issue #14; until
 * then it is not among the features a kit registers by default.
 * @module
 */
import type { FeatureModule } from '../../kernel/index.js'
import { swapEvents } from './events.js'
import { type SwapState, swapSlice } from './slice.js'

/** Everything the swap feature brings when it loads. */
export const swapModule: FeatureModule<SwapState> = { events: swapEvents, slice: swapSlice }
