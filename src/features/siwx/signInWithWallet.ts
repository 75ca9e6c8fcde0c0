/**
 * The sign-in with the wallet, step by step, for the SIWX sign-in effect.
 * @module
 */
import {
  CancelledError,
  type EffectContext,
  KitError,
  type KitState,
  parseCaipAddress,
  pluginError,
  type SiwxAdapter,
  type SiwxMessageFields,
  type SiwxSession,
  selectActiveAccount,
} from '../../kernel/index.js'
import { createNonce, isNonce } from '../../siwx/nonce.js'
import { siwxErrors } from './errors.js'
import type { SiwxParameters } from './parameters.js'
import { caipKey } from './slice.js'
import {
  SITE_CALL_TIMEOUT_MS,
  verificationFailure,
  verifyInKit,
  withinTime,
} from './verifyInKit.js'

/** A session's lifetime unless the site sets `expiresInMs`. */
export const DEFAULT_SESSION_TTL_MS = 24 * 60 * 60_000

/** A site's refusal for developers: its `code` (a `SiwxVerificationError`'s) and its message. */
function refusalText(error: unknown): string {
  // A kit client of the site (createGangwaySessions) carries the server's `code: message` here.
  if (error instanceof KitError && error.details) return error.details
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  return typeof code === 'string' ? `${code}: ${message}` : message
}

/** The connected active account a sign-in is for, or why there is none. */
function connectedAccount(state: KitState, caipAddress: string) {
  const account = selectActiveAccount(state)
  if (
    !account?.caipAddress ||
    account.status !== 'connected' ||
    !account.connectorId ||
    caipKey(account.caipAddress) !== caipKey(caipAddress)
  )
    throw new KitError('NO_ACTIVE_ADDRESS', {
      details: `${caipAddress} is not the active account.`,
    })
  return { caipAddress: account.caipAddress, connectorId: account.connectorId }
}

/**
 * The wallet sign-in of a `siwx/requested` with `caipAddress`: a nonce from the site (or made
 * here), the family's message for the connected account, the wallet's signature, the kit's own
 * verification of exactly what it asked for, and the site's acceptance (`onSignIn`).
 * @internal
 */
export async function signInWithWallet(
  context: EffectContext,
  parameters: SiwxParameters,
  familyOf: (namespace: string) => Promise<SiwxAdapter>,
  requested: string,
  signal: AbortSignal,
): Promise<SiwxSession> {
  const state = context.getState()
  const { caipAddress, connectorId } = connectedAccount(state, requested)
  const parsed = parseCaipAddress(caipAddress)
  const settings = state.siwx?.settings
  if (!parsed || !settings?.domain || !settings.uri)
    throw new KitError('AUTH_INIT_FAILED', {
      details: 'Sign-in needs a domain and a URI: set them in siwx({ domain, uri }).',
    })
  const getNonce = parameters.getNonce
  const nonce = getNonce
    ? await withinTime(
        context,
        signal,
        SITE_CALL_TIMEOUT_MS,
        'AUTH_INIT_FAILED',
        'getNonce',
        (inner) => getNonce({ caipAddress, signal: inner }),
      ).catch((error: unknown) => {
        if (error instanceof CancelledError) throw error
        throw new KitError('AUTH_INIT_FAILED', { cause: error, details: 'getNonce failed.' })
      })
    : createNonce()
  if (typeof nonce !== 'string' || !isNonce(nonce))
    throw new KitError('AUTH_INIT_FAILED', {
      details: 'getNonce answered something that is not 8 to 128 letters and digits.',
    })
  const namespace = parsed.namespace
  const family = await familyOf(namespace)
  const now = context.env.clock.now()
  const fields: SiwxMessageFields = {
    accountAddress: parsed.address,
    chainId: parsed.networkId,
    domain: settings.domain,
    uri: settings.uri,
    version: '1',
    nonce,
    ...(settings.statement ? { statement: settings.statement } : {}),
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(
      now + (parameters.expiresInMs ?? DEFAULT_SESSION_TTL_MS),
    ).toISOString(),
    ...(parameters.resources?.length ? { resources: [...parameters.resources] } : {}),
  }
  let signed: { message: string; signature: string }
  try {
    signed = await family.signIn({ connectorId, caipAddress, fields }, signal)
  } catch (error) {
    throw pluginError(context.plugins, namespace, error, 'SOMETHING_WENT_WRONG')
  }
  const session = {
    data: family.parseMessage(signed.message) ?? fields,
    message: signed.message,
    signature: signed.signature,
  }
  // Exactly what was asked for, nonce included: a wallet that signed anything else is refused.
  const result = await verifyInKit(context, familyOf, session, signal, fields)
  if (!result.ok) throw verificationFailure(result)
  const onSignIn = parameters.onSignIn
  if (onSignIn) {
    await withinTime(
      context,
      signal,
      SITE_CALL_TIMEOUT_MS,
      'SIWX_VERIFICATION_FAILED',
      'onSignIn',
      (inner) => onSignIn(result.session, { signal: inner }),
    ).catch((error: unknown) => {
      if (
        error instanceof CancelledError ||
        (error instanceof KitError && error.code === 'SIWX_VERIFICATION_FAILED')
      )
        throw error
      throw siwxErrors.create('SIWX_VERIFICATION_FAILED', {
        cause: error,
        details: `The site refused the sign-in: ${refusalText(error)}`,
      })
    })
  }
  return result.session
}
