import {
  type FeatureIntentContext,
  KitError,
  parseOrThrow,
  type SiwxSession,
  selectActiveAccount,
  siwxSessionSchema,
} from '../../kernel/index.js'
import { siwxErrors } from './errors.js'
import { selectSiwxSettings } from './selectors.js'

/** `kit.features.siwx.*`: sign in, hand over a session, cancel the sign-in. */
export interface SiwxIntents {
  /**
   * Signs in with the connected account: the site's nonce, the family's message, the wallet's
   * signature, verified by the kit and accepted by the site (`onSignIn`). §4: success closes the
   * sign view.
   * @throws SIWX_NOT_ENABLED, NO_ACTIVE_ADDRESS, USER_REJECTED ('Signature declined'),
   * AUTH_INIT_FAILED, SIWX_VERIFICATION_FAILED, CANCELLED
   */
  signIn(): Promise<SiwxSession>
  /**
   * Records a session the site obtained itself, once it passes the same verification as a fresh
   * one (signature, domain, expiry); §4: success closes the sign view.
   * @throws SIWX_NOT_ENABLED, VALIDATION_FAILED, SIWX_VERIFICATION_FAILED
   */
  addSession(session: SiwxSession): Promise<void>
  /** §4 SIWX cancel: disconnects if sign-in is required, else closes; then goes to Connect. */
  cancel(): Promise<void>
  /**
   * Signs the active account out: where sign-in is required that is a disconnect (§4, as cancel);
   * otherwise its family's sessions are forgotten and the account stays connected.
   */
  signOut(): Promise<void>
}

/**
 * The SIWX intents.
 * @internal
 */
export function createSiwxIntents(context: FeatureIntentContext): SiwxIntents {
  const requireEnabled = () => {
    if (!selectSiwxSettings(context.getState())) throw siwxErrors.create('SIWX_NOT_ENABLED')
  }
  return {
    signIn: async () => {
      requireEnabled()
      const account = selectActiveAccount(context.getState())
      if (!account?.caipAddress || account.status !== 'connected')
        throw new KitError('NO_ACTIVE_ADDRESS')
      const { session } = await context.request(
        { type: 'siwx/requested', payload: { caipAddress: account.caipAddress } },
        'siwx/succeeded',
      )
      return session
    },
    addSession: async (session) => {
      requireEnabled()
      await context.request(
        { type: 'siwx/requested', payload: { session: parseOrThrow(siwxSessionSchema, session) } },
        'siwx/succeeded',
      )
    },
    cancel: async () => {
      if (selectSiwxSettings(context.getState())?.required) await context.kit.disconnect()
      else context.append({ type: 'modal/closed', payload: {} })
      context.append({ type: 'router/reset', payload: { view: 'Connect' } })
    },
    signOut: async () => {
      const state = context.getState()
      if (selectSiwxSettings(state)?.required) {
        await context.kit.disconnect()
        return
      }
      const namespace = state.activeNamespace
      if (namespace)
        context.append({ type: 'siwx/sessionsCleared', payload: { namespaces: [namespace] } })
    },
  }
}
