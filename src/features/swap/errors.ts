/**
 * The swap feature's error codes (§8 snack and thrown errors of the swap flow, and ours for a
 * transaction the kit refuses): they travel with the feature and join a kit's catalogue when its
 * code loads.
 * @module
 */
import { defineErrorCodes } from '../../kernel/index.js'
import { convertErrors } from '../../services/gangway/convertSchemas.js'

/** The swap's codes; `swapErrors.create(code)` raises one with its texts. */
export const swapErrors = defineErrorCodes({
  SWAP_INIT_FAILED: { surface: 'snack', userMessage: 'Failed to initialize swap' },
  NETWORK_PRICE_FAILED: { surface: 'snack', userMessage: 'Failed to fetch network token price' },
  ALLOWANCE_CHECK_FAILED: { surface: 'snack', userMessage: 'Failed to check allowance' },
  APPROVAL_BUILD_FAILED: { surface: 'snack', userMessage: 'Failed to create approval transaction' },
  TRANSACTION_BUILD_FAILED: { surface: 'snack', userMessage: 'Failed to create transaction' },
  TRANSACTION_ERROR: { surface: 'snack', userMessage: 'Transaction error' },
  ...convertErrors.entries,
  // Ours (docs/decisions/0402): the §8 texts say the kit could not build; this says it refused
  // what the service built.
  SWAP_TRANSACTION_MISMATCH: {
    surface: 'snack',
    userMessage: 'The swap transaction did not match your request',
    shortMessage: "The built transaction does not match the visitor's request.",
  },
})
