/**
 * Social login for the providers the operator configured (§3: google, github, apple, facebook,
 * x, discord): through OpenID Connect (decision 0714), or for GitHub and X through their own
 * OAuth 2.0 (decision 0718, `oauth.ts`); authorization code with PKCE and state, and a nonce
 * where there is an ID token (`openid-client`). The frame starts a login holding a secret only it knows; the popup (or
 * the whole page, as the redirect fallback) goes to the provider and back to the wallet origin's
 * callback, which records who logged in; the frame then redeems the login with its secret. No
 * token ever passes through the site's page: it learns only that the popup finished.
 * @module
 */

import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { setCookie } from 'hono/cookie'
import * as client from 'openid-client'
import * as z from 'zod/mini'
import { SOCIAL_REDIRECT_FRAGMENT } from '../../src/services/gangway/embeddedWalletHandshake.js'
import { HttpError, parseInput, readJson } from '../http.js'
import type { Logger } from '../log.js'
import { embeddedPending } from '../storage/schema.js'
import type { FrameAssets } from './assets.js'
import { type EmbeddedConfig, SOCIAL_PROVIDERS, type SocialProvider } from './config.js'
import { isLoopback, oauthSocialClients } from './oauth.js'
import { pagePolicy, popupPage } from './pages.js'
import { newToken, tokenHash } from './secrets.js'
import { POPUP_COOKIE, type WalletOriginContext } from './walletOrigin.js'

/** Who a provider says logged in. */
export interface SocialIdentity {
  /** The provider's stable id of the person. */
  readonly subject: string
  /** An address the provider verified: only such an address links to that email's account. */
  readonly verifiedEmail?: string
}

/** A configured provider: how to reach it and how to learn who logged in. */
export interface SocialClient {
  /** The client configuration (OpenID: discovered on first use, and again after a failure). */
  readonly configuration: () => Promise<client.Configuration>
  readonly scopes: readonly string[]
  /** OpenID Connect: a nonce goes out and an ID token must come back; otherwise plain OAuth 2.0. */
  readonly openId: boolean
  /** Who logged in, from the token endpoint's answer (the ID token, or the provider's API). */
  readonly identify: (
    tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  ) => Promise<SocialIdentity>
}

/** The configured providers' clients, by §3 name. */
export type SocialClients = Partial<Record<SocialProvider, SocialClient>>

/** How long a started social login may take at the provider. */
const SOCIAL_LOGIN_TTL_MS = 10 * 60_000

/**
 * The configured providers' clients: OpenID ones discover their issuer lazily, bounded to 10 s;
 * GitHub's and X's own OAuth 2.0 ones (`embedded.oauth`) are given their endpoints.
 * @param config - the embedded configuration.
 * @param _origin - the wallet origin (redirect URIs are built per request).
 * @param log - where discovery failures go.
 * @returns the clients.
 * @throws Error for an `http:` issuer or endpoint that is not on loopback.
 */
export async function discoverSocialClients(
  config: EmbeddedConfig,
  _origin: () => string,
  log: Logger,
): Promise<SocialClients> {
  const clients: SocialClients = { ...oauthSocialClients(config) }
  for (const provider of SOCIAL_PROVIDERS) {
    const settings = config.oidc[provider]
    if (!settings) continue
    const issuer = new URL(settings.issuer)
    const insecure = issuer.protocol === 'http:'
    // Plain HTTP only on loopback (a local provider in tests); anywhere else it would hand
    // tokens to whoever is on the path.
    if (insecure && !isLoopback(issuer.hostname)) {
      throw new Error(`embedded.oidc.${provider}.issuer: http is only allowed on loopback`)
    }
    let discovered: Promise<client.Configuration> | undefined
    const configuration = () => {
      discovered ??= client
        .discovery(
          issuer,
          settings.clientId,
          settings.clientSecret,
          undefined,
          insecure ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
        )
        .catch((error: unknown) => {
          discovered = undefined
          log.warn('oidc discovery failed', { provider, error })
          throw new HttpError(502, 'PROVIDER_UNAVAILABLE', 'An error occurred')
        })
      return discovered
    }
    clients[provider] = {
      configuration,
      openId: true,
      scopes: settings.scopes,
      identify: async (tokens) => {
        const claims = tokens.claims()
        if (!claims?.sub) throw new Error('no subject in the ID token')
        // Providers put the email in the ID token or only in userinfo (scope claims by default).
        const info =
          typeof claims.email === 'string'
            ? claims
            : await client.fetchUserInfo(await configuration(), tokens.access_token, claims.sub)
        // Only an address the provider verified links to an existing email account.
        return {
          subject: claims.sub,
          ...(typeof info.email === 'string' && info.email_verified === true
            ? { verifiedEmail: info.email.toLowerCase() }
            : {}),
        }
      },
    }
  }
  return clients
}

const secretSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'expected 32 bytes, base64url'))
const startBody = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  /** A secret the frame keeps: only it can redeem the login. */
  secret: secretSchema,
  /** `popup` (default) or `redirect` (the page itself goes to the provider and back). */
  mode: z.optional(z.enum(['popup', 'redirect'])),
  /** For `redirect`: the site's page to return to (on the same site). */
  returnTo: z.optional(z.string().check(z.maxLength(2_048))),
})
const connectBody = z.object({
  loginId: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  secret: secretSchema,
})

interface SocialPendingData {
  readonly provider: SocialProvider
  /** OpenID only: what the ID token must carry. */
  readonly nonce?: string
  readonly verifier: string
  readonly projectId: string
  readonly site: string
  readonly mode: 'popup' | 'redirect'
  readonly returnTo?: string
}

/**
 * The social login paths.
 * @param shared - the wallet origin's context.
 * @param clients - the providers' clients.
 * @param assets - the popup's script.
 * @param waitMs - longest a redeem call waits for the callback.
 * @returns the routes.
 */
export function createSocialRoutes(
  shared: WalletOriginContext,
  clients: SocialClients,
  assets: FrameAssets,
  waitMs: number,
): Hono {
  const app = new Hono()
  const redirectUri = () => `${shared.origin()}/embedded/social/callback`

  app.post('/embedded/api/social/start', async (context) => {
    const where = shared.appOf(context)
    const body = parseInput(startBody, await readJson(context), 'body')
    const social = clients[body.provider]
    if (!social) {
      throw new HttpError(
        400,
        'PROVIDER_NOT_CONFIGURED',
        `${body.provider} login is not offered here`,
      )
    }
    let returnTo: string | undefined
    if (body.mode === 'redirect') {
      // The fallback sends the visitor back to the site only: never to a URL someone else chose.
      const target = body.returnTo ? safeUrl(body.returnTo) : undefined
      if (!target || target.origin !== where.site) {
        throw new HttpError(400, 'INVALID_REQUEST', 'body.returnTo: expected a page of the site')
      }
      returnTo = target.href
    }
    const config = await social.configuration()
    const state = client.randomState()
    const verifier = client.randomPKCECodeVerifier()
    const nonce = social.openId ? client.randomNonce() : undefined
    const data: SocialPendingData = {
      provider: body.provider,
      ...(nonce ? { nonce } : {}),
      verifier,
      projectId: where.project.id,
      site: where.site,
      mode: body.mode ?? 'popup',
      ...(returnTo ? { returnTo } : {}),
    }
    const loginId = tokenHash(state)
    // Logins nobody finished go an hour after they expired (each row once).
    await shared.db
      .delete(embeddedPending)
      .where(lt(embeddedPending.expiresAt, shared.now() - 3_600_000))
    await shared.db.insert(embeddedPending).values({
      id: loginId,
      kind: 'social',
      data: JSON.stringify(data),
      secretHash: tokenHash(body.secret),
      userId: null,
      error: null,
      expiresAt: shared.now() + SOCIAL_LOGIN_TTL_MS,
      usedAt: null,
    })
    const uri = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(),
      scope: social.scopes.join(' '),
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...(nonce ? { nonce } : {}),
    })
    return context.json({ uri: uri.href, loginId })
  })

  app.get('/embedded/social/callback', async (context) => {
    const url = new URL(context.req.url)
    const state = url.searchParams.get('state') ?? ''
    const loginId = tokenHash(state)
    const [row] = await shared.db
      .select()
      .from(embeddedPending)
      .where(
        and(
          eq(embeddedPending.id, loginId),
          eq(embeddedPending.kind, 'social'),
          isNull(embeddedPending.usedAt),
          isNull(embeddedPending.userId),
          isNull(embeddedPending.error),
          gt(embeddedPending.expiresAt, shared.now()),
        ),
      )
    if (!state || !row)
      return popup(context, { status: 'failed', message: 'An error occurred' }, 400)
    const data = JSON.parse(row.data) as SocialPendingData
    const social = clients[data.provider]
    let userId: string | undefined
    let error: string | undefined
    try {
      if (!social) throw new Error('provider no longer configured')
      // A login begun on one kind of client is finished only by that kind.
      if (social.openId !== (data.nonce !== undefined)) throw new Error('provider changed kind')
      const config = await social.configuration()
      const current = new URL(`${redirectUri()}${url.search}`)
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: data.verifier,
        expectedState: state,
        ...(data.nonce ? { expectedNonce: data.nonce } : {}),
        idTokenExpected: social.openId,
      })
      const who = await social.identify(tokens)
      const user = await shared.store.ensureUserBySocial(
        `${data.provider}:${who.subject}`,
        who.verifiedEmail,
        shared.now(),
      )
      userId = user.id
    } catch (failure) {
      shared.log.info('social login failed', { provider: data.provider, error: failure })
      error = 'An error occurred'
    }
    await shared.db
      .update(embeddedPending)
      .set(userId ? { userId } : { error: error ?? 'An error occurred' })
      .where(eq(embeddedPending.id, loginId))
    if (userId) {
      // The popup's own, first-party session: a later popup on the wallet origin knows the visitor.
      const token = newToken()
      await shared.store.createSession({
        token,
        userId,
        projectId: data.projectId,
        site: data.site,
        now: shared.now(),
        ttlMs: shared.config.sessionTtlSeconds * 1_000,
        socialProvider: data.provider,
      })
      setCookie(context, POPUP_COOKIE, token, {
        path: '/embedded',
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
        maxAge: shared.config.sessionTtlSeconds,
      })
    }
    // What the site learns: the callback with its state only (the code is spent already); the
    // frame that holds the login's secret redeems it with CONNECT_SOCIAL.
    const resultUri = `${redirectUri()}?state=${encodeURIComponent(state)}`
    if (data.mode === 'redirect' && data.returnTo) {
      const back = new URL(data.returnTo)
      back.hash = `${SOCIAL_REDIRECT_FRAGMENT}=${encodeURIComponent(resultUri)}`
      return context.redirect(back.href, 303)
    }
    return popup(
      context,
      userId
        ? { status: 'done', site: data.site, loginId, resultUri }
        : { status: 'failed', site: data.site, loginId, resultUri, message: 'An error occurred' },
      userId ? 200 : 400,
    )
  })

  // The frame redeems the login it started, with its secret; it waits (bounded) for the callback.
  app.post('/embedded/api/social/connect', async (context) => {
    const where = shared.appOf(context)
    const body = parseInput(connectBody, await readJson(context), 'body')
    const deadline = Date.now() + waitMs
    for (;;) {
      const [row] = await shared.db
        .select()
        .from(embeddedPending)
        .where(
          and(
            eq(embeddedPending.id, body.loginId),
            eq(embeddedPending.kind, 'social'),
            eq(embeddedPending.secretHash, tokenHash(body.secret)),
            isNull(embeddedPending.usedAt),
          ),
        )
      const data = row ? (JSON.parse(row.data) as SocialPendingData) : undefined
      if (!row || !data || data.site !== where.site || data.projectId !== where.project.id) {
        throw new HttpError(400, 'UNKNOWN_LOGIN', 'An error occurred')
      }
      if (row.error) throw new HttpError(400, 'SOCIAL_LOGIN_FAILED', row.error)
      if (row.userId) {
        const spent = await shared.db
          .update(embeddedPending)
          .set({ usedAt: shared.now() })
          .where(and(eq(embeddedPending.id, row.id), isNull(embeddedPending.usedAt)))
          .returning({ id: embeddedPending.id })
        if (spent.length !== 1) throw new HttpError(400, 'UNKNOWN_LOGIN', 'An error occurred')
        const session = await shared.openSession(context, row.userId, where, data.provider)
        return context.json({ ...session, user: await shared.userView(row.userId, data.provider) })
      }
      if (row.expiresAt <= shared.now())
        throw new HttpError(400, 'UNKNOWN_LOGIN', 'An error occurred')
      if (Date.now() >= deadline || context.req.raw.signal.aborted) {
        return context.json({ status: 'pending' })
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  })

  const popup = (
    context: Context,
    boot: Omit<Parameters<typeof popupPage>[1], 'walletOrigin'>,
    status: 200 | 400,
  ) => {
    context.header(
      'content-security-policy',
      pagePolicy({
        walletOrigin: shared.origin(),
        script: assets.popup,
        frameAncestors: ["'none'"],
        connect: [],
      }),
    )
    context.header('cache-control', 'no-store')
    context.header('referrer-policy', 'no-referrer')
    return context.html(popupPage(assets.popup, { walletOrigin: shared.origin(), ...boot }), status)
  }
  return app
}

function safeUrl(text: string): URL | undefined {
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined
  } catch {
    return undefined
  }
}
