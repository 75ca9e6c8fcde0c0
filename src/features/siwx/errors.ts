/**
 * The siwx feature's error codes (§8 'SIWX is not enabled', and ours for a sign-in that fails verification): they travel with the feature and join a kit's catalogue when its code loads.
 * @module
 */
import { defineErrorCodes } from '../../kernel/index.js'

/** The feature's codes; `siwxErrors.create(code)` raises one with its texts. */
export const siwxErrors = defineErrorCodes({
  SIWX_NOT_ENABLED: { surface: 'thrown', userMessage: 'SIWX is not enabled' },
  SIWX_VERIFICATION_FAILED: {
    surface: 'snack',
    userMessage: 'The sign-in could not be verified',
  },
})
