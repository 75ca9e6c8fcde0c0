/**
 * `@gangway/kit/swap`: swapping tokens (§4 swap flow, §5 checks) as a feature, against the Gangway
 * server's convert API on a real constant-product AMM. The kit registers it by default (§9
 * `swaps` switch); this entry is for sites that list their features themselves, and for its
 * selectors, rules, and the exact slippage and decimal arithmetic the kit applies (the pool
 * arithmetic of quotes is the server's, in `server/convert/math.ts`).
 * @module @gangway/kit/swap
 */

export {
  BASIS_POINTS,
  basisPointsToPercent,
  minimumReceived,
  percentToBasisPoints,
} from '../../services/gangway/convertRules.js'
export { multiplyDecimal, percentOf } from './amounts.js'
export {
  type SwapAdapter,
  type SwapCall,
  swapAdapterOf,
  type TransactionRequest,
} from './capability.js'
export { swap } from './feature.js'
export type { SwapIntents } from './intents.js'
export { selectIsSwapOffered, swapNetworksOf } from './offered.js'
export {
  checkSwapInput,
  isSameToken,
  leavesNoGasFor,
  SWAP_SERVICE_TIMEOUT_MS,
  type SwapTokenCheck,
  splitSwapTokens,
  swapInputErrorOf,
  swapRouterOf,
  swapSlippageOf,
  swapTokenId,
  toBaseUnits,
} from './rules.js'
export {
  type SwapPreview,
  selectSwap,
  selectSwapAction,
  selectSwapActivity,
  selectSwapPreview,
} from './selectors.js'
export {
  type SwapParameters,
  type SwapRouter,
  type SwapSettings,
  selectSwapSettings,
} from './settings.js'
export type { SwapState } from './slice.js'
