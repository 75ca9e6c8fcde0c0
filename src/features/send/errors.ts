/**
 * The send feature's error codes (§8 snack messages of the send flow): they travel with the feature and join a kit's catalogue when its code loads.
 * @module
 */
import { defineErrorCodes } from '../../kernel/index.js'

/** The feature's codes; `sendErrors.create(code)` raises one with its texts. */
export const sendErrors = defineErrorCodes({
  INVALID_SEND_INPUT: {
    surface: 'snack',
    userMessage: 'Please enter a valid amount and receiver address',
  },
  SEND_FAILED: { surface: 'snack', userMessage: 'Failed to send transaction. Please try again.' },
})
