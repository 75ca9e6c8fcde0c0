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
import * as z from 'zod/mini'
import { HttpError, parseInput, readJson } from '../http.js'
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
import type { Mailer } from './mailer.js'
import { framePage, messagePage, pagePolicy, popupPage, recoverPage } from './pages.js'
import { createPasskeyRoutes } from './passkeys.js'
import { createServerKeys, newCode, newToken, type ServerKeys, tokenHash } from './secrets.js'
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

const emailSchema = z.string().check(z.email(), z.maxLength(254))
const otpSchema = z.string().check(z.regex(/^\d{6}$/, 'expected the six-digit code'))
const connectEmailBody = z.object({ email: emailSchema })
const otpBody = z.object({ email: emailSchema, otp: otpSchema })
const updateEmailBody = z.object({ email: emailSchema })
const updateOtpBody = z.object({ otp: otpSchema })
const deviceHeader = z.string().check(z.regex(/^[A-Za-z0-9_-]{32,64}$/))

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

  /** Sends a login code (or a device approval link) after claiming the address's cooldown. */
  const claimCooldown = async (email: string) => {
    const left = await store.claimCooldown(email, now(), config.emailCooldownSeconds * 1_000)
    if (left > 0) {
      const seconds = Math.ceil(left / 1_000)
      throw new HttpError(429, 'EMAIL_COOLDOWN', `Please try again after ${seconds} seconds`, {
        'retry-after': String(seconds),
      })
    }
  }
  const sendCode = async (
    email: string,
    purpose: 'login' | 'update-primary' | 'update-secondary',
    extra: { userId?: string; newEmail?: string; deviceHash?: string } = {},
  ) => {
    const code = newCode()
    await store.saveCode({
      email,
      purpose,
      code,
      now: now(),
      ttlMs: config.otpTtlSeconds * 1_000,
      ...extra,
    })
    const minutes = Math.round(config.otpTtlSeconds / 60)
    await mailer.send({
      to: email,
      subject: `Your code: ${code}`,
      text: `Your one-time code is ${code}. It expires in ${minutes} minutes and works once.\nIf you did not ask for it, ignore this message.`,
    })
  }
  const deviceOf = (context: Context): string => {
    const device = context.req.header('x-gangway-device')
    return tokenHash(parseInput(deviceHeader, device, 'header.x-gangway-device'))
  }

  app.post('/embedded/api/email/connect', async (context) => {
    const where = appOf(context)
    const { email: raw } = parseInput(connectEmailBody, await readJson(context), 'body')
    const email = raw.toLowerCase()
    const device = deviceOf(context)
    const token = tokenOf(context)
    const session = token ? await store.session(token, now()) : undefined
    const user = await store.userByEmail(email)
    if (
      session &&
      user &&
      session.userId === user.id &&
      session.site === where.site &&
      session.projectId === where.project.id
    ) {
      return context.json({ action: 'CONNECT' })
    }
    await claimCooldown(email)
    if (user && !(await store.deviceApproved(user.id, device))) {
      const approval = newToken()
      await store.requestDevice(user.id, device, approval, now())
      await mailer.send({
        to: email,
        subject: 'Approve this device',
        text: `Someone is logging in to your wallet from a new device on ${where.site}.\nIf it is you, open this link to approve it:\n${parameters.origin()}/embedded/device?token=${approval}\nIf it is not you, ignore this message.`,
      })
      return context.json({ action: 'VERIFY_DEVICE' })
    }
    await sendCode(email, 'login', { deviceHash: device })
    return context.json({ action: 'VERIFY_OTP' })
  })

  // §4: after VERIFY_DEVICE the frame waits here (bounded) for the link in the mail.
  app.post('/embedded/api/email/device', async (context) => {
    appOf(context)
    const { email: raw } = parseInput(connectEmailBody, await readJson(context), 'body')
    const email = raw.toLowerCase()
    const device = deviceOf(context)
    const user = await store.userByEmail(email)
    if (!user) throw new HttpError(400, 'NO_PENDING_DEVICE', 'An error occurred')
    const deadline = Date.now() + waitMs
    while (!(await store.deviceApproved(user.id, device))) {
      if (Date.now() >= deadline || context.req.raw.signal.aborted) {
        return context.json({ action: 'VERIFY_DEVICE' })
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    await sendCode(email, 'login', { deviceHash: device })
    return context.json({ action: 'VERIFY_OTP' })
  })

  app.get('/embedded/device', async (context) => {
    context.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    const token = context.req.query('token') ?? ''
    const approved = /^[A-Za-z0-9_-]{43}$/.test(token) && (await store.approveDevice(token, now()))
    return approved
      ? context.html(messagePage('Device approved', 'Go back to the site to finish logging in.'))
      : context.html(messagePage('Link expired', 'This approval link was used or is unknown.'), 400)
  })

  app.post('/embedded/api/email/otp', async (context) => {
    const where = appOf(context)
    const body = parseInput(otpBody, await readJson(context), 'body')
    const email = body.email.toLowerCase()
    const device = deviceOf(context)
    const checked = await store.checkCode({
      email,
      purpose: 'login',
      code: body.otp,
      now: now(),
      maxAttempts: config.otpMaxAttempts,
    })
    if (!checked.ok) throw new HttpError(400, 'INVALID_OTP', 'Invalid code')
    const user = await store.ensureUserByEmail(email, now())
    await store.markDevice(user.id, device, now())
    const session = await shared.openSession(context, user.id, where)
    return context.json({ ...session, user: await shared.userView(user.id, null) })
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

  app.post('/embedded/api/email/update', async (context) => {
    const session = await shared.emailSessionOf(context)
    const { email: raw } = parseInput(updateEmailBody, await readJson(context), 'body')
    const newEmail = raw.toLowerCase()
    const user = await store.userById(session.userId)
    if (!user?.email) throw new HttpError(400, 'NO_EMAIL', 'An error occurred')
    if (await store.userByEmail(newEmail)) {
      throw new HttpError(409, 'EMAIL_TAKEN', 'This email is already in use')
    }
    await claimCooldown(user.email)
    await sendCode(user.email, 'update-primary', { userId: user.id, newEmail })
    return context.json({ action: 'VERIFY_PRIMARY_OTP' })
  })

  app.post('/embedded/api/email/update/primary', async (context) => {
    const session = await shared.emailSessionOf(context)
    const { otp } = parseInput(updateOtpBody, await readJson(context), 'body')
    const user = await store.userById(session.userId)
    if (!user?.email) throw new HttpError(400, 'NO_EMAIL', 'An error occurred')
    const checked = await store.checkCode({
      email: user.email,
      purpose: 'update-primary',
      code: otp,
      now: now(),
      maxAttempts: config.otpMaxAttempts,
      userId: user.id,
    })
    if (!checked.ok || !checked.newEmail) throw new HttpError(400, 'INVALID_OTP', 'Invalid code')
    await sendCode(checked.newEmail, 'update-secondary', {
      userId: user.id,
      newEmail: checked.newEmail,
    })
    return context.json({ action: 'VERIFY_SECONDARY_OTP' })
  })

  app.post('/embedded/api/email/update/secondary', async (context) => {
    const session = await shared.emailSessionOf(context)
    const { otp } = parseInput(updateOtpBody, await readJson(context), 'body')
    const user = await store.userById(session.userId)
    if (!user) throw new HttpError(401, 'SESSION_EXPIRED', SESSION_EXPIRED)
    // The secondary code went to the new address: it is filed under it.
    const pending = await pendingNewEmail(store, user.id)
    const checked = pending
      ? await store.checkCode({
          email: pending,
          purpose: 'update-secondary',
          code: otp,
          now: now(),
          maxAttempts: config.otpMaxAttempts,
          userId: user.id,
        })
      : { ok: false as const }
    if (!checked.ok || !checked.newEmail) throw new HttpError(400, 'INVALID_OTP', 'Invalid code')
    if (!(await store.setEmail(user.id, checked.newEmail))) {
      throw new HttpError(409, 'EMAIL_TAKEN', 'This email is already in use')
    }
    return context.json(await shared.userView(user.id, session.socialProvider))
  })

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

/** The new address of the user's pending email update, if a primary code was accepted. */
async function pendingNewEmail(store: AccountsStore, userId: string): Promise<string | undefined> {
  return store.pendingSecondary(userId)
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
