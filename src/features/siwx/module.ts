/**
 * The SIWX feature's code, loaded when a kit with sign-in on starts (the stored sessions must be
 * verified before the first connect answers), or when a sign-in view is shown.
 * @module
 */
import * as z from 'zod/mini'
import { type FeatureModule, siwxSessionSchema } from '../../kernel/index.js'
import { createSiwxEffects } from './effects.js'
import { siwxErrors } from './errors.js'
import { siwxEvents } from './events.js'
import { createSiwxIntents, type SiwxIntents } from './intents.js'
import type { SiwxParameters } from './parameters.js'
import { SIWX_SIGN_VIEWS, selectHasSiwxSession, selectSiwxAllowsClose } from './selectors.js'
import { createSiwxSlice, type SiwxSettings, type SiwxState } from './slice.js'

/** The page's location where there is one (never read at import: servers have none). */
function pageLocation(): { host: string; origin: string } | undefined {
  const location = (globalThis as { location?: { host?: unknown; origin?: unknown } }).location
  return typeof location?.host === 'string' && typeof location.origin === 'string' && location.host
    ? { host: location.host, origin: location.origin }
    : undefined
}

/**
 * The site's settings as the sign view shows them: its domain and URI, or the page's.
 * @internal
 */
export function resolveSiwxSettings(parameters: SiwxParameters): SiwxSettings {
  const page = pageLocation()
  return {
    domain: parameters.domain ?? page?.host ?? null,
    uri: parameters.uri ?? page?.origin ?? null,
    statement: parameters.statement || null,
  }
}

/**
 * Everything the SIWX feature brings when it loads, around the site's parameters.
 * @internal
 */
export function createSiwxModule(
  parameters: SiwxParameters = {},
): FeatureModule<SiwxState, SiwxIntents> {
  return {
    events: siwxEvents,
    slice: createSiwxSlice(resolveSiwxSettings(parameters)),
    effects: createSiwxEffects({ parameters }),
    errors: siwxErrors.entries,
    persisted: {
      // The unverified ones stay stored until their verdict: a slow node must not erase them.
      siwxSessions: {
        schema: z.array(siwxSessionSchema),
        select: (slice) => [...slice.sessions, ...slice.unverified],
      },
    },
    routes: [
      // §4: connected without a session, the sign view opens.
      (event) => (event.type === 'siwx/signInRequested' ? { open: 'SIWXSignMessage' } : undefined),
      // §4: sign success closes the modal.
      (event, root) =>
        (event.type === 'siwx/succeeded' || event.type === 'siwx/sessionAdded') &&
        root.modal.isOpen &&
        SIWX_SIGN_VIEWS.includes(root.router.view) &&
        selectHasSiwxSession(root)
          ? { close: true }
          : undefined,
    ],
    canClose: selectSiwxAllowsClose,
    intents: createSiwxIntents,
  }
}
