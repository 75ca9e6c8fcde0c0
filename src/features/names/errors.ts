/**
 * The names feature's error codes (§8 thrown errors of name lookups and registration, eip155
 * only). The feature's flows come with its own issue; its codes are defined here, with the
 * feature, so the catalogue and the docs hold them already.
 * TODO(names): the RegisterAccountName flow, the profile paths and the ENS lookups that raise these.
 * @module
 */
import { defineErrorCodes } from '../../kernel/index.js'

/** The names feature's codes; `nameErrors.create(code)` raises one with its texts. */
export const nameErrors = defineErrorCodes({
  NAME_RESOLUTION_FAILED: { surface: 'thrown', userMessage: 'Error resolving name' },
  NAME_REGISTRATION_FAILED: { surface: 'thrown', userMessage: 'Error registering name' },
  NAME_SUGGESTIONS_FAILED: { surface: 'thrown', userMessage: 'Error fetching name suggestions' },
  NAMES_FOR_ADDRESS_FAILED: { surface: 'thrown', userMessage: 'Error fetching names for address' },
})
