/**
 * Passkeys on the wallet origin (decision 0713): a logged-in visitor registers one, and it then
 * logs them in and, through the WebAuthn PRF extension the frame asks for, gives the key that
 * seals their device share. The relying party is the wallet origin's host, so no site can use
 * the visitor's wallet passkey. Verification by `@simplewebauthn/server`.
 * @module
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { HttpError, parseInput, readJson } from '../http.js'
import { embeddedPasskeys, embeddedPending } from '../storage/schema.js'
import { newId } from './secrets.js'
import type { WalletOriginContext } from './walletOrigin.js'

/** How long a WebAuthn challenge is accepted. */
const CHALLENGE_TTL_MS = 5 * 60_000
/** The PRF salt the server asks for (the frame asks for the same one: `DEVICE_SHARE_PRF_SALT`). */
const PRF_SALT_LABEL = 'gangway/embedded/device-share/prf-salt/v1'

const responseBody = z.object({
  challengeId: z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/)),
  // The WebAuthn response as @simplewebauthn/browser returns it; checked by the verifier.
  response: z.looseObject({
    id: z.string().check(z.maxLength(1_024)),
    type: z.literal('public-key'),
  }),
})

/** Whether a WebAuthn response was made first-party or in a frame under `site`. */
function fromSite(response: Readonly<Record<string, unknown>>, site: string): boolean {
  const encoded = (response.response as { clientDataJSON?: unknown } | undefined)?.clientDataJSON
  if (typeof encoded !== 'string') return false
  try {
    const clientData = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as {
      crossOrigin?: unknown
      topOrigin?: unknown
    }
    return clientData.crossOrigin !== true || clientData.topOrigin === site
  } catch {
    return false
  }
}

/**
 * The passkey paths.
 * @param shared - the wallet origin's context.
 * @returns the routes.
 */
export function createPasskeyRoutes(shared: WalletOriginContext): Hono {
  const app = new Hono()
  const rpID = () => new URL(shared.origin()).hostname
  const prfSalt = async () =>
    Buffer.from(
      await crypto.subtle.digest('SHA-256', new TextEncoder().encode(PRF_SALT_LABEL)),
    ).toString('base64url')

  /** Options in WebAuthn's JSON form asking for the PRF (the salt as base64url, like every binary). */
  const withPrf = async <TOptions extends object>(options: TOptions) => ({
    ...options,
    extensions: { prf: { eval: { first: await prfSalt() } } },
  })

  const saveChallenge = async (kind: string, challenge: string, userId: string | null) => {
    const id = newId()
    await shared.db.insert(embeddedPending).values({
      id,
      kind,
      data: JSON.stringify({ challenge }),
      secretHash: null,
      userId,
      error: null,
      expiresAt: shared.now() + CHALLENGE_TTL_MS,
      usedAt: null,
    })
    return id
  }
  /** Spends a challenge (once, before it expires). */
  const takeChallenge = async (id: string, kind: string) => {
    const [row] = await shared.db
      .update(embeddedPending)
      .set({ usedAt: shared.now() })
      .where(
        and(
          eq(embeddedPending.id, id),
          eq(embeddedPending.kind, kind),
          isNull(embeddedPending.usedAt),
          gt(embeddedPending.expiresAt, shared.now()),
        ),
      )
      .returning()
    if (!row) throw new HttpError(400, 'INVALID_CHALLENGE', 'An error occurred')
    return {
      challenge: (JSON.parse(row.data) as { challenge: string }).challenge,
      userId: row.userId,
    }
  }

  app.post('/embedded/api/passkey/register/options', async (context) => {
    const session = await shared.sessionOf(context)
    const user = await shared.store.userById(session.userId)
    const existing = await shared.db
      .select({ id: embeddedPasskeys.credentialId })
      .from(embeddedPasskeys)
      .where(eq(embeddedPasskeys.userId, session.userId))
    const options = await generateRegistrationOptions({
      rpName: 'Gangway wallet',
      rpID: rpID(),
      userName: user?.email ?? `wallet-${session.userId.slice(0, 8)}`,
      userID: new TextEncoder().encode(session.userId),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.id })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    })
    const challengeId = await saveChallenge('passkey-register', options.challenge, session.userId)
    return context.json({ challengeId, options: await withPrf(options) })
  })

  app.post('/embedded/api/passkey/register/verify', async (context) => {
    const session = await shared.sessionOf(context)
    const body = parseInput(responseBody, await readJson(context), 'body')
    const { challenge, userId } = await takeChallenge(body.challengeId, 'passkey-register')
    if (userId !== session.userId)
      throw new HttpError(400, 'INVALID_CHALLENGE', 'An error occurred')
    // The verifier does not look at the top origin of a registration made in a frame: a passkey
    // is only registered from inside the site this session belongs to (or first-party).
    if (!fromSite(body.response, session.site)) {
      throw new HttpError(400, 'PASSKEY_REFUSED', 'An error occurred')
    }
    const verified = await verifyRegistrationResponse({
      response: body.response as never,
      expectedChallenge: challenge,
      expectedOrigin: shared.origin(),
      expectedRPID: rpID(),
      requireUserVerification: true,
    }).catch(() => undefined)
    if (!verified?.verified || !verified.registrationInfo) {
      throw new HttpError(400, 'PASSKEY_REFUSED', 'An error occurred')
    }
    const { credential } = verified.registrationInfo
    await shared.db.insert(embeddedPasskeys).values({
      credentialId: credential.id,
      userId: session.userId,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      createdAt: shared.now(),
    })
    return context.json({ registered: true, credentialId: credential.id })
  })

  app.post('/embedded/api/passkey/login/options', async (context) => {
    shared.appOf(context)
    const options = await generateAuthenticationOptions({
      rpID: rpID(),
      userVerification: 'required',
    })
    const challengeId = await saveChallenge('passkey-login', options.challenge, null)
    return context.json({ challengeId, options: await withPrf(options) })
  })

  app.post('/embedded/api/passkey/login/verify', async (context) => {
    const where = shared.appOf(context)
    const body = parseInput(responseBody, await readJson(context), 'body')
    const { challenge } = await takeChallenge(body.challengeId, 'passkey-login')
    const [passkey] = await shared.db
      .select()
      .from(embeddedPasskeys)
      .where(eq(embeddedPasskeys.credentialId, body.response.id))
    if (!passkey) throw new HttpError(400, 'PASSKEY_REFUSED', 'An error occurred')
    const verified = await verifyAuthenticationResponse({
      response: body.response as never,
      expectedChallenge: challenge,
      expectedOrigin: shared.origin(),
      expectedRPID: rpID(),
      // The frame asks from inside the site's page: the browser names that page as the top
      // origin, which must be the site this frame was loaded for.
      expectedTopOrigin: where.site,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: JSON.parse(passkey.transports) as never,
      },
    }).catch((error: unknown) => {
      shared.log.info('passkey login refused', { error: String(error) })
      return undefined
    })
    if (!verified?.verified) throw new HttpError(400, 'PASSKEY_REFUSED', 'An error occurred')
    await shared.db
      .update(embeddedPasskeys)
      .set({ counter: verified.authenticationInfo.newCounter })
      .where(eq(embeddedPasskeys.credentialId, passkey.credentialId))
    // A frame unlocking its wallet already holds this visitor's session: it keeps it. Only a
    // passkey used to log in opens one.
    const current = await shared.sessionOf(context).catch(() => undefined)
    const kept = current?.userId === passkey.userId ? current : undefined
    const session = kept
      ? { token: kept.token, expiresAt: kept.expiresAt }
      : await shared.openSession(context, passkey.userId, where)
    return context.json({
      ...session,
      user: await shared.userView(passkey.userId, kept?.socialProvider ?? null),
    })
  })
  return app
}
