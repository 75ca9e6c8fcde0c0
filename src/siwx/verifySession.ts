/**
 * The one verification every sign-in session passes, in the kit (a fresh sign-in, a session the
 * site hands over, one restored from storage or read back from the site) and on the site's server
 * (`@gangway/kit/siwx-server`, which the Gangway server's session paths run): the session's shape,
 * its message read by its family and written back byte for byte, the fields it claims equal to the
 * message's, the domain, the nonce, the time, and the signature. The sign-in core: no React, no
 * kit runtime, no chain library (the family brings those), in no client feature.
 * @module
 */
import {
  type SiwxFamily,
  type SiwxMessageFields,
  type SiwxSession,
  siwxSessionSchema,
} from '../kernel/index.js'

/** Why a sign-in session was refused; stable, like the kit's error codes. */
export const SIWX_VERIFICATION_CODES = [
  /** Not a session: a field is missing, of the wrong type, or too long. */
  'MALFORMED_SESSION',
  /** No family for the session's namespace is configured here. */
  'UNSUPPORTED_NAMESPACE',
  /** The message is not a well-formed message of its family, or not in its canonical form. */
  'MALFORMED_MESSAGE',
  /** The fields the session claims differ from the message's, or from what was asked for. */
  'MESSAGE_MISMATCH',
  /** The message names another site. */
  'WRONG_DOMAIN',
  /** The message's nonce is not the one issued for this sign-in. */
  'WRONG_NONCE',
  /** The nonce was already used by an accepted sign-in. */
  'NONCE_REUSED',
  /** The message has no expiration time; every session must expire. */
  'MISSING_EXPIRATION',
  /** The message's expiration time has passed. */
  'EXPIRED',
  /** The message is not valid yet (`Not Before`, or issued in the future). */
  'NOT_YET_VALID',
  /** The signature is not the account's over this message. */
  'INVALID_SIGNATURE',
  /** The signature could not be checked (no node for the network, or it did not answer). */
  'VERIFIER_UNAVAILABLE',
] as const

/** A code of {@link SIWX_VERIFICATION_CODES}. */
export type SiwxVerificationCode = (typeof SIWX_VERIFICATION_CODES)[number]

/**
 * A refused sign-in session: a stable `code` and a message for developers (never shown to
 * visitors as it is; the kit says 'The sign-in could not be verified').
 * @example
 * import { SiwxVerificationError } from '@gangway/kit/siwx-server'
 * new SiwxVerificationError('EXPIRED', 'The message expired at 2026-01-02T00:00:00.000Z.').code // 'EXPIRED'
 */
export class SiwxVerificationError extends Error {
  override name = 'SiwxVerificationError'
  constructor(
    readonly code: SiwxVerificationCode,
    message: string,
    options?: { readonly cause?: unknown },
  ) {
    super(message, options)
  }
}

/** What an accepted session proves. */
export interface SiwxVerified {
  readonly ok: true
  /** The account as its chain writes it. */
  readonly address: string
  /** CAIP-2 network id. */
  readonly chainId: SiwxMessageFields['chainId']
  /** CAIP-10 account id (`chainId:address`). */
  readonly caipAddress: string
  /** When the session stops counting, in milliseconds since the epoch. */
  readonly expiresAt: number
  /** The session as checked (its schema's output). */
  readonly session: SiwxSession
}

/** A refused session. */
export interface SiwxRefused {
  readonly ok: false
  readonly error: SiwxVerificationError
}

/** The outcome of {@link verifySiwxSession}. */
export type SiwxVerification = SiwxVerified | SiwxRefused

/** What a nonce store answers when a sign-in uses a nonce. */
export type NonceUse = 'accepted' | 'unknown' | 'reused'

/** Parameters of {@link verifySiwxSession}. */
export interface VerifySiwxSessionParameters {
  /** The family for a namespace, or `undefined` when none is configured. */
  readonly familyOf: (namespace: string) => SiwxFamily | undefined
  /** The time to judge the session at, in milliseconds since the epoch. */
  readonly now: number
  /**
   * The domains the message may name (RFC 3986 authorities, `shop.example`, `localhost:5173`), or
   * a predicate over the message's domain.
   */
  readonly domains: readonly string[] | ((domain: string) => boolean)
  /**
   * Fields the message must carry exactly: for a fresh sign-in, everything the kit asked the wallet
   * to sign; a `nonce` here is checked before the signature.
   */
  readonly expect?: Partial<SiwxMessageFields>
  /**
   * Uses the nonce once the signature is good (a server's nonce store): `unknown` refuses with
   * `WRONG_NONCE`, `reused` with `NONCE_REUSED`. Without it, nonces are not tracked.
   */
  readonly spendNonce?: (nonce: string, expiresAt: number) => Promise<NonceUse>
  /** How far in the future `Issued At` may be (clocks differ); 5 minutes by default. */
  readonly clockSkewMs?: number
  /** Gives up a signature check that waits on a node. */
  readonly signal: AbortSignal
}

const DEFAULT_CLOCK_SKEW_MS = 5 * 60_000

const FIELD_KEYS = [
  'accountAddress',
  'chainId',
  'domain',
  'uri',
  'version',
  'nonce',
  'statement',
  'issuedAt',
  'expirationTime',
  'notBefore',
  'requestId',
  'resources',
] as const satisfies readonly (keyof SiwxMessageFields)[]

/** The first field on which two sets of fields differ (absent and `undefined` are the same). */
function differingField(
  left: Partial<SiwxMessageFields>,
  right: Partial<SiwxMessageFields>,
  keys: readonly (keyof SiwxMessageFields)[] = FIELD_KEYS,
): string | undefined {
  return keys.find((key) => JSON.stringify(left[key]) !== JSON.stringify(right[key]))
}

/** An RFC 3339 time as milliseconds, or `undefined` when the text is not one. */
function timeOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return NaN
  return Date.parse(text)
}

/**
 * The CAIP-2 namespace a session claims (`eip155` for `eip155:1`), read before the session is
 * checked, to pick its family; `''` when it names none.
 * @param session - a session, untrusted.
 * @returns the namespace, or `''`.
 */
export function siwxNamespaceOf(session: unknown): string {
  const chainId = (session as { data?: { chainId?: unknown } } | null)?.data?.chainId
  return typeof chainId === 'string' ? (chainId.split(':')[0] ?? '') : ''
}

const refuse = (code: SiwxVerificationCode, message: string, cause?: unknown): SiwxRefused => ({
  ok: false,
  error: new SiwxVerificationError(code, message, cause === undefined ? undefined : { cause }),
})

/**
 * Verifies a sign-in session (CAIP-122): its shape; its message, read by the family of its network
 * and written back to exactly the same text; the fields the session claims against the message's;
 * the domain; the expected fields (a fresh sign-in's nonce, account and network); the times
 * (`Expiration Time` required and in the future, `Not Before` and `Issued At` not in the future);
 * the signature (against the node on eip155); and last, with `spendNonce`, that the nonce is used
 * once. Never throws: every refusal is a result with a stable code.
 * @example
 * import { verifySiwxSession } from '@gangway/kit/siwx-server'
 * const result = await verifySiwxSession(session, { familyOf, now: Date.now(), domains: ['shop.example'], signal })
 * if (!result.ok) console.log(result.error.code) // 'WRONG_DOMAIN'
 * @param input - the session, untrusted.
 * @param parameters - families, time, domains, expected fields, nonce store and signal.
 * @returns the verified address, network and expiry, or the refusal.
 * @see /docs/siwx.md
 */
export async function verifySiwxSession(
  input: unknown,
  parameters: VerifySiwxSessionParameters,
): Promise<SiwxVerification> {
  const parsedSession = siwxSessionSchema.safeParse(input)
  if (!parsedSession.success) return refuse('MALFORMED_SESSION', 'Not a sign-in session.')
  const session = parsedSession.data
  const namespace = siwxNamespaceOf(session)
  const family = parameters.familyOf(namespace)
  if (!family || family.namespace !== namespace)
    return refuse('UNSUPPORTED_NAMESPACE', `No sign-in family for "${namespace}" is configured.`)

  let fields: SiwxMessageFields | undefined
  try {
    fields = family.parseMessage(session.message)
  } catch (error) {
    return refuse('MALFORMED_MESSAGE', 'The message could not be read.', error)
  }
  if (!fields) return refuse('MALFORMED_MESSAGE', `Not a ${namespace} sign-in message.`)
  // The canonical form: the family writes the same fields as the same text, so nothing in the
  // signed text escapes the checks below (an extra line, a second address, another spelling).
  let rewritten: string | undefined
  try {
    rewritten = family.createMessage(fields)
  } catch {
    rewritten = undefined
  }
  if (rewritten !== session.message)
    return refuse('MALFORMED_MESSAGE', 'The message is not in its canonical form.')
  const claimed = differingField(session.data, fields)
  if (claimed) return refuse('MESSAGE_MISMATCH', `The session's ${claimed} is not the message's.`)

  const { domains } = parameters
  if (typeof domains === 'function' ? !domains(fields.domain) : !domains.includes(fields.domain))
    return refuse('WRONG_DOMAIN', `The message is for ${fields.domain}, not this site.`)
  const expect = parameters.expect ?? {}
  if (expect.nonce !== undefined && expect.nonce !== fields.nonce)
    return refuse('WRONG_NONCE', 'The message carries another nonce than the one issued.')
  const expected = differingField(
    fields,
    expect,
    FIELD_KEYS.filter((key) => key in expect && key !== 'nonce'),
  )
  if (expected)
    return refuse('MESSAGE_MISMATCH', `The message's ${expected} is not what was asked.`)

  const expiresAt = timeOf(fields.expirationTime)
  if (expiresAt === undefined) return refuse('MISSING_EXPIRATION', 'The message never expires.')
  const notBefore = timeOf(fields.notBefore)
  const issuedAt = timeOf(fields.issuedAt)
  if ([expiresAt, notBefore, issuedAt].some((time) => Number.isNaN(time)))
    return refuse('MALFORMED_MESSAGE', 'A time in the message is not an RFC 3339 time.')
  if (parameters.now >= expiresAt)
    return refuse('EXPIRED', `The message expired at ${fields.expirationTime}.`)
  if (notBefore !== undefined && parameters.now < notBefore)
    return refuse('NOT_YET_VALID', `The message is valid from ${fields.notBefore}.`)
  const skew = parameters.clockSkewMs ?? DEFAULT_CLOCK_SKEW_MS
  if (issuedAt !== undefined && issuedAt > parameters.now + skew)
    return refuse('NOT_YET_VALID', `The message is issued in the future (${fields.issuedAt}).`)

  let valid: boolean
  try {
    valid = await family.verifySignature(
      { message: session.message, signature: session.signature, fields, now: parameters.now },
      parameters.signal,
    )
  } catch (error) {
    return refuse('VERIFIER_UNAVAILABLE', 'The signature could not be checked.', error)
  }
  if (!valid) return refuse('INVALID_SIGNATURE', 'The signature is not the account’s.')

  if (parameters.spendNonce) {
    let use: NonceUse
    try {
      use = await parameters.spendNonce(fields.nonce, expiresAt)
    } catch (error) {
      return refuse('VERIFIER_UNAVAILABLE', 'The nonce store could not be asked.', error)
    }
    if (use === 'unknown') return refuse('WRONG_NONCE', 'The nonce was not issued here.')
    if (use === 'reused') return refuse('NONCE_REUSED', 'The nonce was already used.')
  }
  return {
    ok: true,
    address: fields.accountAddress,
    chainId: fields.chainId,
    caipAddress: `${fields.chainId}:${fields.accountAddress}`,
    expiresAt,
    session,
  }
}
