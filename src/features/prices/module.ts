/**
 * The prices feature's code, loaded by the first balance read it joins.
 * @module
 */
import type { FeatureModule } from '../../kernel/index.js'
import { joinServiceBalances } from './join.js'

/** Everything the prices feature brings when it loads: its part in balance reads. */
export const pricesModule: FeatureModule = {
  joinBalances: joinServiceBalances,
}
