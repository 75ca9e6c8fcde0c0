/**
 * The swap feature's code, loaded the first time a visitor opens Swap or a site calls one of its
 * intents: the §4 swap flow against the Gangway server's convert API.
 * @module
 */
import { ERROR_CODES, type FeatureModule, NOTICE_MESSAGES } from '../../kernel/index.js'
import {
  initializeOnOpenEffect,
  prepareAfterQuoteEffect,
  quoteOnInputEffect,
  refreshAfterSwapEffect,
  resetOnLeaveEffect,
  swapSnackEffect,
} from './effects.js'
import { swapEvents } from './events.js'
import { createSwapIntents, type SwapIntents } from './intents.js'
import {
  initializationEffect,
  preparationEffect,
  quoteEffect,
  transactionEffect,
} from './operations.js'
import { SWAP_VIEWS } from './rules.js'
import { type SwapState, swapSlice } from './slice.js'

/** §8: the swap's messages, the same entries as the core catalogue's. */
const SWAP_ERROR_CODES = [
  'SWAP_INIT_FAILED',
  'NETWORK_PRICE_FAILED',
  'ALLOWANCE_CHECK_FAILED',
  'APPROVAL_BUILD_FAILED',
  'TRANSACTION_BUILD_FAILED',
  'TRANSACTION_ERROR',
  'SWAP_NETWORK_UNSUPPORTED',
  'GAS_PRICE_NETWORK_UNSUPPORTED',
] as const

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
    swapSnackEffect,
    refreshAfterSwapEffect,
  ],
  errors: {
    ...Object.fromEntries(SWAP_ERROR_CODES.map((code) => [code, ERROR_CODES[code]])),
    // Ours (docs/decisions/0402): the §8 texts say the kit could not build; this says it refused
    // what the service built.
    SWAP_TRANSACTION_MISMATCH: {
      surface: 'snack',
      userMessage: 'The swap transaction did not match your request',
      shortMessage: "The built transaction does not match the visitor's request.",
    },
  },
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
