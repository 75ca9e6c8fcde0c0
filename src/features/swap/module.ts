/**
 * The swap feature's code, loaded the first time a visitor opens Swap or a site calls one of its
 * intents: the §4 swap flow against the Gangway server's convert API.
 * @module
 */
import { type FeatureModule, NOTICE_MESSAGES } from '../../kernel/index.js'
import {
  initializeOnOpenEffect,
  prepareAfterQuoteEffect,
  quoteOnInputEffect,
  refreshAfterSwapEffect,
  resetOnLeaveEffect,
  swapSnackEffect,
} from './effects.js'
import { swapErrors } from './errors.js'
import { swapEvents } from './events.js'
import { createSwapIntents, type SwapIntents } from './intents.js'
import {
  initializationEffect,
  maxEffect,
  preparationEffect,
  quoteEffect,
  transactionEffect,
} from './operations.js'
import { SWAP_VIEWS } from './rules.js'
import { type SwapState, swapSlice } from './slice.js'

/** Everything the swap feature brings when it loads. */
export const swapModule: FeatureModule<SwapState, SwapIntents> = {
  events: swapEvents,
  slice: swapSlice,
  effects: [
    initializeOnOpenEffect,
    resetOnLeaveEffect,
    quoteOnInputEffect,
    prepareAfterQuoteEffect,
    initializationEffect,
    quoteEffect,
    preparationEffect,
    transactionEffect,
    maxEffect,
    swapSnackEffect,
    refreshAfterSwapEffect,
  ],
  errors: swapErrors.entries,
  notices: {
    APPROVE_LIMIT_INCREASE: NOTICE_MESSAGES.APPROVE_LIMIT_INCREASE,
    CONFIRM_TRANSACTION: NOTICE_MESSAGES.CONFIRM_TRANSACTION,
  },
  routes: [
    // §4 swap flow: a failed initialization goes back; a swap that went through ends the flow.
    (event, root) =>
      root.modal.isOpen &&
      SWAP_VIEWS.includes(root.router.view) &&
      (event.type === 'swap/initialization/failed' ||
        (event.type === 'swap/transaction/succeeded' && event.payload.kind === 'swap'))
        ? { reset: 'Account' }
        : undefined,
  ],
  intents: createSwapIntents,
}
