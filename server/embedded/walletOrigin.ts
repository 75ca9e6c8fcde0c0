/**
 * The wallet origin: the frame and popup pages, and the API the frame calls (same origin only):
 * email one-time codes (§4 VERIFY_DEVICE, VERIFY_OTP, CONNECT; email update through
 * VERIFY_PRIMARY_OTP and VERIFY_SECONDARY_OTP), sessions, key shares, social login and passkeys.
 * Served on a listener of its own, never on a site's origin (decision 0710).
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { HttpError } from '../http.js'
import type { Logger } from '../log.js'
import type { Database } from '../storage/openStorage.js'
import { type AccountsStore, createAccountsStore, type LiveSession } from './accountsStore.js'
import {
  checkApp,
  type EmbeddedProject,
  INVALID_APP_CONFIGURATION,
  originOf,
  PROJECT_ID_NOT_CONFIGURED,
  SESSION_EXPIRED,
} from './apps.js'
import type { FrameAssets } from './assets.js'
import type { EmbeddedConfig } from './config.js'
import { createEmailRoutes } from './emailLogin.js'
import type { Mailer } from './mailer.js'
import { framePage, messagePage, pagePolicy, popupPage, recoverPage } from './pages.js'
import { createPasskeyRoutes } from './passkeys.js'
import { createServerKeys, newToken, type ServerKeys } from './secrets.js'
import { createShareRoutes } from './shares.js'
import { createSocialRoutes, type SocialClients } from './social.js'

/** The frame's session cookie: partitioned (CHIPS), so it lives under each top-level site. */
export const FRAME_COOKIE = 'gw_session'
/** The popup's first-party session cookie. */
export const POPUP_COOKIE = 'gw_popup'

/** What every handler of the wallet origin shares. */
export interface WalletOriginContext {
  readonly config: EmbeddedConfig
  /** `scheme://host:port` browsers reach the wallet origin at. */
  readonly origin: () => string
  readonly db: Database
  readonly store: AccountsStore
  readonly keys: ServerKeys
  readonly mailer: Mailer
  readonly log: Logger
  readonly now: () => number
  /** The app of a same-origin API request: checked project and site. */
  appOf(context: Context): { readonly project: EmbeddedProject; readonly site: string }
  /** The live session of a request, matching its app; otherwise 401 'Session Expired'. */
  sessionOf(context: Context): Promise<LiveSession & { readonly token: string }>
  /**
   * Opens a session for the frame: its token in the answer and in the partitioned cookie.
   * `socialProvider` names the social login that opened it (none for an email code or a passkey).
   */
  openSession(
    context: Context,
    userId: string,
    app: { readonly project: EmbeddedProject; readonly site: string },
    socialProvider?: string,
  ): Promise<{ readonly token: string; readonly expiresAt: number }>
  /**
   * The user as `get user` answers it, with the social provider the session logged in with (null
   * for an email code or a passkey): the kit offers the email update only to an email login.
   */
  userView(userId: string, socialProvider: string | null): Promise<Record<string, unknown>>
  /** The live session of a request that may change the email: never a social login's. */
  emailSessionOf(context: Context): Promise<LiveSession & { readonly token: string }>
}

/** Parameters of {@link createWalletOriginApp}. */
export interface WalletOriginParameters {
  readonly config: EmbeddedConfig
  readonly origin: () => string
  readonly db: Database
  readonly mailer: Mailer
  readonly assets: FrameAssets
  readonly log: Logger
  readonly now?: () => number
  /** Social login clients by provider (OpenID Connect, or GitHub's and X's OAuth 2.0). */
  readonly social?: SocialClients
  /** Longest a long-poll (device approval, social completion) holds a request, in ms. */
  readonly waitMs?: number
}

/**
 * Builds the wallet origin's app.
 * @param parameters - configuration, database, mailer, assets, logger, clock.
 * @returns the Hono app.
 */
export function createWalletOriginApp(parameters: WalletOriginParameters): Hono {
  const { config, assets, log, mailer, db } = parameters
  const now = parameters.now ?? Date.now
  const waitMs = parameters.waitMs ?? 25_000
  const keys = createServerKeys(config.atRestKey)
  const store = createAccountsStore(db, keys)
  const ttlMs = config.sessionTtlSeconds * 1_000
  const app = new Hono()

  const appOf: WalletOriginContext['appOf'] = (context) => {
    const site = context.req.header('x-gangway-site')
    return { project: checkApp(config, context.req.header('x-project-id'), site), site: site! }
  }
  const tokenOf = (context: Context): string | undefined => {
    const bearer = context.req.header('authorization')?.match(/^Bearer ([A-Za-z0-9_-]{20,64})$/)
    return bearer?.[1] ?? getCookie(context, FRAME_COOKIE) ?? getCookie(context, POPUP_COOKIE)
  }
  const shared: WalletOriginContext = {
    config,
    origin: parameters.origin,
    db,
    store,
    keys,
    mailer,
    log,
    now,
    appOf,
    sessionOf: async (context) => {
      const { project, site } = appOf(context)
      const token = tokenOf(context)
      const session = token ? await store.session(token, now()) : undefined
      // A session is the site's it was opened on: another site's frame never reads it.
      if (!token || !session || session.projectId !== project.id || session.site !== site) {
        throw new HttpError(401, 'SESSION_EXPIRED', SESSION_EXPIRED)
      }
      return { ...session, token }
    },
    emailSessionOf: async (context) => {
      const session = await shared.sessionOf(context)
      // The UI hides the email update from a social login; this is the boundary that enforces it.
      if (session.socialProvider !== null) {
        throw new HttpError(403, 'SOCIAL_SESSION', 'An error occurred')
      }
      return session
    },
    openSession: async (context, userId, where, socialProvider) => {
      const token = newToken()
      const expiresAt = await store.createSession({
        token,
        userId,
        projectId: where.project.id,
        site: where.site,
        now: now(),
        ttlMs,
        ...(socialProvider ? { socialProvider } : {}),
      })
      setCookie(context, FRAME_COOKIE, token, {
        path: '/embedded',
        httpOnly: true,
        secure: true,
        sameSite: 'None',
        partitioned: true,
        maxAge: config.sessionTtlSeconds,
      })
      return { token, expiresAt }
    },
    userView: async (userId, socialProvider) => {
      const user = await store.userById(userId)
      if (!user) throw new HttpError(401, 'SESSION_EXPIRED', SESSION_EXPIRED)
      const accounts = await store.accountsOf(userId)
      return {
        id: user.id,
        email: user.email,
        socialProvider,
        accounts: accounts ?? null,
      }
    },
  }

  // Every API call is the frame's or the popup's own: a request from any other origin (a page
  // forging one with the visitor's cookies) is refused before anything runs. Browsers leave
  // `Origin` off a same-origin GET; they mark it `Sec-Fetch-Site: same-origin` instead.
  app.use('/embedded/api/*', async (context, next) => {
    const origin = context.req.header('origin')
    const sameOriginRead =
      origin === undefined &&
      (context.req.method === 'GET' || context.req.method === 'HEAD') &&
      context.req.header('sec-fetch-site') === 'same-origin'
    if (origin !== parameters.origin() && !sameOriginRead) {
      throw new HttpError(403, 'FORBIDDEN_ORIGIN', 'Only the wallet origin may call this path')
    }
    context.header('cache-control', 'no-store')
    await next()
  })

  app.get(assets.frame.path, (context) => script(context, assets.frame.body))
  app.get(assets.popup.path, (context) => script(context, assets.popup.body))
  app.get(assets.recover.path, (context) => script(context, assets.recover.body))

  // Recovery without the server (decision 0715): a static page that calls no API, so a copy on any
  // static host of the wallet origin serves visitors while the server is down.
  app.get('/embedded/recover', (context) => {
    context.header(
      'content-security-policy',
      pagePolicy({
        walletOrigin: parameters.origin(),
        script: assets.recover,
        frameAncestors: ["'none'"],
        connect: [],
      }),
    )
    securityHeaders(context)
    context.header('cross-origin-opener-policy', 'same-origin')
    return context.html(recoverPage(assets.recover))
  })

  app.get('/embedded/frame', (context) => {
    const projectId = context.req.query('projectId')
    const site = context.req.query('site')
    const project = config.projects.find((candidate) => candidate.id === projectId)
    const referer = originOf(context.req.header('referer'))
    const problem = !projectId
      ? PROJECT_ID_NOT_CONFIGURED
      : !project || !site || !project.sites.includes(site) || (referer && referer !== site)
        ? INVALID_APP_CONFIGURATION
        : undefined
    if (problem || !project || !site) {
      context.header(
        'content-security-policy',
        pagePolicy({
          walletOrigin: parameters.origin(),
          script: undefined,
          frameAncestors: ["'none'"],
          connect: [],
        }),
      )
      return context.html(
        messagePage(problem ?? INVALID_APP_CONFIGURATION, problem ?? INVALID_APP_CONFIGURATION),
        problem === PROJECT_ID_NOT_CONFIGURED ? 400 : 403,
      )
    }
    const networks = config.networks
    context.header(
      'content-security-policy',
      pagePolicy({
        walletOrigin: parameters.origin(),
        script: assets.frame,
        frameAncestors: project.sites,
        connect: [...new Set(networks.map((network) => new URL(network.rpcUrl).origin))],
      }),
    )
    securityHeaders(context)
    return context.html(
      framePage(assets.frame, {
        walletOrigin: parameters.origin(),
        projectId: project.id,
        site,
        restricted: project.restricted,
        networks,
        socials: [...Object.keys(config.oidc), ...Object.keys(config.oauth)],
      }),
    )
  })

  app.get('/embedded/popup', (context) => {
    context.header(
      'content-security-policy',
      pagePolicy({
        walletOrigin: parameters.origin(),
        script: assets.popup,
        frameAncestors: ["'none'"],
        connect: [],
      }),
    )
    securityHeaders(context)
    return context.html(
      popupPage(assets.popup, { walletOrigin: parameters.origin(), status: 'waiting' }),
    )
  })

  app.get('/embedded/api/user', async (context) => {
    const session = await shared.sessionOf(context)
    return context.json({
      ...(await shared.userView(session.userId, session.socialProvider)),
      expiresAt: session.expiresAt,
    })
  })

  // §4 sign-out ends every session of this visitor on this site and project: the frame's, and any
  // a passkey opened beside it (its cookie), so the next login asks for a code again.
  app.post('/embedded/api/signout', async (context) => {
    const where = appOf(context)
    const bearer = context.req
      .header('authorization')
      ?.match(/^Bearer ([A-Za-z0-9_-]{20,64})$/)?.[1]
    const tokens = [bearer, getCookie(context, FRAME_COOKIE)].filter(
      (token): token is string => token !== undefined,
    )
    for (const token of tokens) {
      const session = await store.session(token, now())
      await store.revokeSession(token, now())
      if (session && session.projectId === where.project.id && session.site === where.site) {
        await store.revokeSessionsOf(
          { userId: session.userId, projectId: session.projectId, site: session.site },
          now(),
        )
      }
    }
    deleteCookie(context, FRAME_COOKIE, { path: '/embedded', secure: true, partitioned: true })
    return context.json({ signedOut: true })
  })

  app.route('/', createEmailRoutes(shared, { tokenOf, waitMs }))
  app.route('/', createShareRoutes(shared))
  app.route('/', createSocialRoutes(shared, parameters.social ?? {}, assets, waitMs))
  app.route('/', createPasskeyRoutes(shared))

  app.notFound((context) => context.json({ code: 'NOT_FOUND', message: 'No such path' }, 404))
  app.onError((error, context) => {
    if (error instanceof HttpError) {
      return context.json({ code: error.code, message: error.message }, error.status, error.headers)
    }
    log.error('wallet origin: unhandled error', { path: context.req.path, error })
    return context.json({ code: 'INTERNAL', message: 'An error occurred' }, 500)
  })
  return app
}

function script(context: Context, body: string): Response {
  context.header('content-type', 'text/javascript; charset=utf-8')
  // Content-addressed: the path changes with the content.
  context.header('cache-control', 'public, max-age=31536000, immutable')
  context.header('cross-origin-resource-policy', 'same-origin')
  context.header('x-content-type-options', 'nosniff')
  return context.body(body)
}

function securityHeaders(context: Context): void {
  context.header('x-content-type-options', 'nosniff')
  context.header('referrer-policy', 'no-referrer')
  context.header('cache-control', 'no-store')
  // The popup keeps its opener (the kit listens for its result); nothing else may script it.
  context.header('cross-origin-opener-policy', 'unsafe-none')
}
