/**
 * The visitor's session in the frame: logging in (an email code, a social login in a popup or by
 * redirect), the session token kept in the frame's partitioned storage, the user the server knows,
 * signing out and changing the email. The server decides who is logged in; the frame only keeps
 * the token and proves a social login is the one it started.
 * @module
 */
import * as z from 'zod/mini'
import { EMBEDDED_SOCIAL_PROVIDERS } from '../../../src/services/gangway/embeddedWalletHandshake.js'
import type { FrameRequest } from '../../../src/services/gangway/embeddedWalletProtocol.js'
import { WalletApiError } from './api.js'
import type { FrameHandlerEnvironment } from './environment.js'
import { AN_ERROR_OCCURRED, FrameError, REQUEST_ABORTED, SESSION_EXPIRED } from './frameErrors.js'

/** Where a redirect-mode social login waits for the page to come back (the frame's storage). */
const REDIRECT_LOGIN_KEY = 'gangway.socialRedirect'
const redirectLoginSchema = z.object({
  loginId: z.string().check(z.maxLength(128)),
  secret: z.string().check(z.maxLength(128)),
})

const userAnswer = z.object({
  id: z.string(),
  email: z.nullable(z.string()),
  accounts: z.nullable(z.object({ eip155: z.string(), solana: z.string() })),
  /** The social provider the session logged in with; null for an email code or a passkey. */
  socialProvider: z.optional(z.nullable(z.enum(EMBEDDED_SOCIAL_PROVIDERS))),
})
const sessionAnswer = z.object({ token: z.string(), expiresAt: z.number(), user: userAnswer })
const actionAnswer = z.object({ action: z.string() })

/** The user as the server knows them. */
export type SessionUser = z.infer<typeof userAnswer>

type Payload<T extends FrameRequest['type']> = Extract<FrameRequest, { type: T }>['payload']

/**
 * The session of one frame.
 * @param environment - the page's API client, storage and hooks.
 * @returns the session's requests, each answering what the kit's reply carries.
 */
export function createSession(environment: FrameHandlerEnvironment) {
  const { boot, api } = environment
  let email: string | undefined
  const socialLogins = new Map<string, string>()
  /** The secret of the redirect login waiting in the frame's storage, when it is `loginId`'s. */
  const redirectSecret = (loginId: string): string | undefined => {
    const kept = redirectLoginSchema.safeParse(
      (() => {
        try {
          return JSON.parse(environment.store?.get(REDIRECT_LOGIN_KEY) ?? 'null')
        } catch {
          return null
        }
      })(),
    )
    return kept.success && kept.data.loginId === loginId ? kept.data.secret : undefined
  }
  const loggedIn = (answer: z.infer<typeof sessionAnswer>) => {
    api.options.token = answer.token
    environment.saveToken(answer.token)
  }
  const currentUser = async (): Promise<SessionUser> =>
    api.call('GET', '/embedded/api/user', userAnswer)

  return {
    currentUser,
    connectEmail: (payload: Payload<'CONNECT_EMAIL'>) => {
      email = payload.email
      return api.call('POST', '/embedded/api/email/connect', actionAnswer, { email })
    },
    connectDevice: async () => {
      if (!email) throw new FrameError(AN_ERROR_OCCURRED)
      const answer = await api.call('POST', '/embedded/api/email/device', actionAnswer, { email })
      if (answer.action !== 'VERIFY_OTP') throw new FrameError(REQUEST_ABORTED)
      return {}
    },
    connectOtp: async (payload: Payload<'CONNECT_OTP'>) => {
      if (!email) throw new FrameError(AN_ERROR_OCCURRED)
      loggedIn(
        await api.call('POST', '/embedded/api/email/otp', sessionAnswer, {
          email,
          otp: payload.otp,
        }),
      )
      return {}
    },
    socialRedirectUri: async (payload: Payload<'GET_SOCIAL_REDIRECT_URI'>) => {
      const secret = environment.secret()
      const started = await api.call(
        'POST',
        '/embedded/api/social/start',
        z.object({ uri: z.string(), loginId: z.string() }),
        { ...payload, secret },
      )
      socialLogins.set(started.loginId, secret)
      // One redirect login waits at a time: a newer one replaces it.
      if (payload.mode === 'redirect') {
        environment.store?.set(
          REDIRECT_LOGIN_KEY,
          JSON.stringify({ loginId: started.loginId, secret }),
        )
      }
      return { uri: started.uri }
    },
    /** Finishes a social login this frame (or the one before a redirect) started. */
    connectSocial: async (payload: Payload<'CONNECT_SOCIAL'>): Promise<void> => {
      const uri = new URL(payload.uri)
      const state = uri.searchParams.get('state')
      if (
        uri.origin !== boot.walletOrigin ||
        uri.pathname !== '/embedded/social/callback' ||
        !state
      ) {
        throw new FrameError(AN_ERROR_OCCURRED)
      }
      const loginId = await environment.sha256Hex(state)
      const secret = socialLogins.get(loginId) ?? redirectSecret(loginId)
      if (!secret) throw new FrameError(AN_ERROR_OCCURRED)
      const answer = await api.call(
        'POST',
        '/embedded/api/social/connect',
        z.union([sessionAnswer, z.object({ status: z.literal('pending') })]),
        { loginId, secret },
      )
      if (!('token' in answer)) throw new FrameError(REQUEST_ABORTED)
      socialLogins.delete(loginId)
      if (redirectSecret(loginId)) environment.store?.set(REDIRECT_LOGIN_KEY, undefined)
      loggedIn(answer)
    },
    isConnected: async () => {
      try {
        await currentUser()
        return { isConnected: true }
      } catch (error) {
        if (error instanceof WalletApiError && error.message === SESSION_EXPIRED) {
          return { isConnected: false }
        }
        throw error
      }
    },
    signOut: async () => {
      // Forgotten in storage first: a visitor leaving at once must not find it on return.
      environment.saveToken(undefined)
      try {
        await api.call('POST', '/embedded/api/signout', z.object({ signedOut: z.literal(true) }))
      } finally {
        api.options.token = undefined
      }
      return {}
    },
    updateEmail: (payload: Payload<'UPDATE_EMAIL'>) =>
      api.call('POST', '/embedded/api/email/update', actionAnswer, payload),
    updateEmailPrimaryOtp: async (payload: Payload<'UPDATE_EMAIL_PRIMARY_OTP'>) => {
      await api.call('POST', '/embedded/api/email/update/primary', actionAnswer, payload)
      return {}
    },
    updateEmailSecondaryOtp: async (payload: Payload<'UPDATE_EMAIL_SECONDARY_OTP'>) => {
      const user = await api.call(
        'POST',
        '/embedded/api/email/update/secondary',
        userAnswer,
        payload,
      )
      return { email: user.email ?? '' }
    },
  }
}
