/**
 * The activity feature's error codes (§8 'Failed to fetch transactions'): they travel with the feature and join a kit's catalogue when its code loads.
 * @module
 */
import { defineErrorCodes } from '../../kernel/index.js'

/** The feature's codes; `activityErrors.create(code)` raises one with its texts. */
export const activityErrors = defineErrorCodes({
  // §8 'Failed to fetch transactions': only a kit with activity can raise it.
  TRANSACTIONS_FETCH_FAILED: { surface: 'snack', userMessage: 'Failed to fetch transactions' },
})
