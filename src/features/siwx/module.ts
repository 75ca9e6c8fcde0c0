/**
 * The SIWX feature's code, loaded when a kit with sign-in on starts (the sessions must be known
 * before the first connect answers), or when a sign-in view is shown.
 * @module
 */
import * as z from 'zod/mini'
import { type FeatureModule, siwxSessionSchema } from '../../kernel/index.js'
import { signInRequestEffect } from './effects.js'
import { siwxEvents } from './events.js'
import { createSiwxIntents, type SiwxIntents } from './intents.js'
import { SIWX_SIGN_VIEWS, selectHasSiwxSession, selectSiwxAllowsClose } from './selectors.js'
import { type SiwxState, siwxSlice } from './slice.js'

/** Everything the SIWX feature brings when it loads. */
export const siwxModule: FeatureModule<SiwxState, SiwxIntents> = {
  events: siwxEvents,
  slice: siwxSlice,
  effects: [signInRequestEffect],
  errors: { SIWX_NOT_ENABLED: { surface: 'thrown', userMessage: 'SIWX is not enabled' } },
  persisted: {
    siwxSessions: { schema: z.array(siwxSessionSchema), select: (slice) => slice.sessions },
  },
  routes: [
    // §4: connected without a session, the sign view opens.
    (event) => (event.type === 'siwx/signInRequested' ? { open: 'SIWXSignMessage' } : undefined),
    // §4: sign success closes the modal.
    (event, root) =>
      event.type === 'siwx/sessionAdded' &&
      root.modal.isOpen &&
      SIWX_SIGN_VIEWS.includes(root.router.view) &&
      selectHasSiwxSession(root)
        ? { close: true }
        : undefined,
  ],
  canClose: selectSiwxAllowsClose,
  intents: createSiwxIntents,
}
