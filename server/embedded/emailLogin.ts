/**
 * Email login and the email update on the wallet origin: one-time codes by mail under the §9
 * 30 s cooldown, the §4 answers (VERIFY_DEVICE with an approval link for a new device, VERIFY_OTP,
 * CONNECT), and the update's two codes (VERIFY_PRIMARY_OTP to the current address,
 * VERIFY_SECONDARY_OTP to the new one), never for a social login's session.
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { HttpError, parseInput, readJson } from '../http.js'
import type { AccountsStore } from './accountsStore.js'
import { SESSION_EXPIRED } from './apps.js'
import { messagePage } from './pages.js'
import { newCode, newToken, tokenHash } from './secrets.js'
import type { WalletOriginContext } from './walletOrigin.js'

const emailSchema = z.string().check(z.email(), z.maxLength(254))
const otpSchema = z.string().check(z.regex(/^\d{6}$/, 'expected the six-digit code'))
const connectEmailBody = z.object({ email: emailSchema })
const otpBody = z.object({ email: emailSchema, otp: otpSchema })
const updateEmailBody = z.object({ email: emailSchema })
const updateOtpBody = z.object({ otp: otpSchema })
const deviceHeader = z.string().check(z.regex(/^[A-Za-z0-9_-]{32,64}$/))

/**
 * The email routes of the wallet origin.
 * @param shared - what the wallet origin's routes share.
 * @param options - how a request names its session, and how long a long-poll may hold.
 * @returns the routes, to mount at `/`.
 */
export function createEmailRoutes(
  shared: WalletOriginContext,
  options: { readonly tokenOf: (context: Context) => string | undefined; readonly waitMs: number },
): Hono {
  const { store, config, now, mailer, appOf } = shared
  const { tokenOf, waitMs } = options
  const app = new Hono()

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
        text: `Someone is logging in to your wallet from a new device on ${where.site}.\nIf it is you, open this link to approve it:\n${shared.origin()}/embedded/device?token=${approval}\nIf it is not you, ignore this message.`,
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

  return app
}

/** The new address of the user's pending email update, if a primary code was accepted. */
async function pendingNewEmail(store: AccountsStore, userId: string): Promise<string | undefined> {
  return store.pendingSecondary(userId)
}
