import {
  type FeatureIntentContext,
  KitError,
  parseOrThrow,
  type SiwxSession,
  siwxSessionSchema,
} from '../../kernel/index.js'

/** `kit.features.siwx.*`: record a session, cancel the sign-in. */
export interface SiwxIntents {
  /**
   * Records a SIWX session (§4: sign success closes the modal).
   * @throws SIWX_NOT_ENABLED, VALIDATION_FAILED
   */
  addSession(session: SiwxSession): void
  /** §4 SIWX cancel: disconnects if sign-in is required, else closes; then goes to Connect. */
  cancel(): Promise<void>
}

/**
 * The SIWX intents.
 * @internal
 */
export function createSiwxIntents(context: FeatureIntentContext): SiwxIntents {
  return {
    addSession: (session) => {
      if (!context.getState().options.siwx) throw new KitError('SIWX_NOT_ENABLED')
      context.append({
        type: 'siwx/sessionAdded',
        payload: { session: parseOrThrow(siwxSessionSchema, session) },
      })
    },
    cancel: async () => {
      if (context.getState().options.siwx?.required) await context.kit.disconnect()
      else context.append({ type: 'modal/closed', payload: {} })
      context.append({ type: 'router/reset', payload: { view: 'Connect' } })
    },
  }
}
