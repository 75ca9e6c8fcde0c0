import {
  CancelledError,
  emailCooldownSeconds,
  emailSchema,
  type FeatureIntentContext,
  KitError,
  otpSchema,
  parseOrThrow,
} from '../../kernel/index.js'
import {
  EMBEDDED_SOCIAL_PROVIDERS,
  type EmbeddedSocialProvider,
  socialResultSchema,
} from '../../services/gangway/embeddedWalletHandshake.js'
import { authNamespacesInOrder, socialReturnOf } from './effects.js'
import type { FrameClient } from './frameClient.js'
import type { EmbeddedWallet } from './wallet.js'

/** `kit.features.embeddedWallet.*`: email and social login into the embedded wallet. */
export interface EmbeddedWalletIntents {
  /**
   * §4 email login: asks the frame to send a code (or approve this device, or connects at once).
   * @throws VALIDATION_FAILED (§5 valid email), EMAIL_LOGIN_COOLDOWN ('Please try again after N
   * seconds'), EMBEDDED_WALLET_LOAD_FAILED, EMBEDDED_WALLET_ERROR (no answer in 30 s), CANCELLED
   */
  connectEmail(
    email: string,
  ): Promise<{ readonly action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT' }>
  /** Sends the one-time code, then connects every namespace with the AUTH connector. */
  connectOtp(otp: string): Promise<void>
  /**
   * Waits for the visitor to approve this device from the email (each wait bounded by §9's 30 s,
   * asked again while the visitor has not clicked, at most {@link DEVICE_WAITS} times), then
   * opens the code view: the server mails a code once the device is approved.
   */
  connectDevice(): Promise<void>
  /**
   * Social login. `popup` is the window the click handler opened synchronously (`window.open`
   * before any await: iOS blocks a later one); `null` when it was blocked, and the page goes to the
   * provider instead (the redirect fallback), coming back with `#gangway-social=…`.
   * @throws VALIDATION_FAILED (unknown provider), AUTH_INIT_FAILED (the popup closed), CANCELLED
   */
  connectSocial(provider: EmbeddedSocialProvider, popup: Window | null): Promise<void>
  /** Finishes a redirect-mode social login from the URL the page came back to; `false` when it holds none. */
  completeSocialRedirect(url: string): Promise<boolean>
  /**
   * §4 email update, first step: the signed-in visitor asks to change their address. The frame
   * answers the step that follows: a code sent to the current address (`VERIFY_PRIMARY_OTP`) or
   * straight to the new one (`VERIFY_SECONDARY_OTP`).
   * @throws VALIDATION_FAILED (§5 valid email), EMAIL_LOGIN_COOLDOWN, SESSION_EXPIRED,
   * EMBEDDED_WALLET_ERROR ('An error occurred', an address another account uses among them)
   */
  updateEmail(
    email: string,
  ): Promise<{ readonly action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }>
  /**
   * §4 the code the current address received (§5 a string); a code then goes to the new one (the
   * UpdateEmailSecondaryOtp view opens).
   */
  updateEmailPrimaryOtp(otp: string): Promise<void>
  /**
   * §4 the code the new address received: the address changes, in the §3 user of every namespace
   * too; the modal is back on Account and a snack says so. Resolves with the new address.
   */
  updateEmailSecondaryOtp(otp: string): Promise<{ readonly email: string }>
  /**
   * Shows the wallet's recovery phrase to the visitor inside the wallet's frame, after their
   * passkey checks them again there (decision 0715). The page never sees the phrase: this
   * resolves when the visitor closes it.
   * @throws SESSION_EXPIRED, USER_REJECTED (the passkey check failed or was cancelled)
   */
  exportWallet(): Promise<void>
  /**
   * Shows the wallet's frame exactly over `slot` while the frame asks for the visitor's click (an
   * approval, the passkey of a new wallet, an export), following it as it moves. The
   * ApproveTransaction view calls it with its slot; a site's own view of that name does the same.
   * Returns the release, to call when the slot goes.
   */
  hostApproval(slot: HTMLElement): () => void
  /**
   * §6: marks the page's current context restricted (a page where nothing may be signed or sent,
   * whatever asks), or no longer. While set, every unsafe method (signing, sending,
   * `wallet_sendCalls`, permissions, user operations) is refused by the frame with 'Requested RPC
   * call is not allowed' (the visitor reads 'Action not allowed') and no approval shows; reads go
   * on. An operator can also mark a whole project restricted on the server.
   */
  restrict(isRestricted: boolean): Promise<void>
  /**
   * Tells the frame the modal's theme (SYNC_THEME), so what it shows for the visitor's click
   * matches the card around it rather than the system's setting. The ApproveTransaction view
   * calls it as it hosts the frame, with the modal's language tag (`locale`): the frame's
   * dialogs then read in it (decision 0717).
   */
  syncTheme(themeMode: 'dark' | 'light', locale?: string): Promise<void>
  /** Ends the embedded wallet's session and disconnects its namespaces (§4). */
  signOut(): Promise<void>
  /** The visitor left the flow: what is in flight fails with 'Request was aborted'. */
  abort(): void
}

/**
 * ours: how many times the device view asks the frame to wait for the approval link (the server
 * holds each wait about 25 s: together some ten minutes, the life of the link's mail).
 */
export const DEVICE_WAITS = 24

/**
 * Whether the frame's login address may be opened: https, or plain http on a loopback host (a
 * provider run locally, as in development and tests); never another scheme.
 * @internal
 */
export function isLoginAddress(uri: string): boolean {
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return false
  }
  if (url.protocol === 'https:') return true
  const host = url.hostname
  return (
    url.protocol === 'http:' &&
    (host === 'localhost' ||
      host.endsWith('.localhost') ||
      /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
      host === '[::1]')
  )
}

/** ours: how often a popup is checked for having been closed by the visitor. */
const POPUP_POLL_MS = 500

/**
 * The intents.
 * @internal
 */
export function createEmbeddedWalletIntents(
  context: FeatureIntentContext,
  wallet: EmbeddedWallet,
): EmbeddedWalletIntents {
  let flow: AbortController | null = null
  const begin = () => {
    flow?.abort()
    flow = new AbortController()
    return flow.signal
  }
  const frame = (): Promise<FrameClient> => wallet.load(context.env.scheduler)

  const connectAuth = async () => {
    // A connect makes its namespace the active one: the namespace the visitor was on goes last,
    // so its account is the one the modal shows.
    const ordered = authNamespacesInOrder(context.getState())
    if (ordered.length === 0) throw new KitError('AUTH_CONNECTOR_NOT_FOUND')
    for (const namespace of ordered) {
      await context.kit.connect({ namespace, connectorId: wallet.connector(namespace).id })
    }
  }

  const socialFinish = async (uri: string, signal: AbortSignal) => {
    await (await frame()).request('CONNECT_SOCIAL', { uri }, signal)
    await connectAuth()
  }

  /** The popup login (or the redirect when no window opened). */
  const connectSocial = async (
    provider: EmbeddedSocialProvider,
    popup: Window | null,
  ): Promise<void> => {
    if (!EMBEDDED_SOCIAL_PROVIDERS.includes(provider))
      throw new KitError('VALIDATION_FAILED', {
        details: `Unknown social provider "${provider}".`,
      })
    const signal = begin()
    const client = await frame()
    context.append({
      type: 'account/socialProviderChanged',
      payload: { namespace: context.requireNamespace(), provider, isWindowOpen: popup !== null },
    })
    if (!popup) {
      const returnTo = globalThis.location.href.split('#')[0] ?? ''
      const { uri } = await client.request(
        'GET_SOCIAL_REDIRECT_URI',
        { provider, mode: 'redirect', returnTo },
        signal,
      )
      if (!isLoginAddress(uri))
        throw new KitError('AUTH_INIT_FAILED', { details: 'The login address is not https.' })
      globalThis.location.assign(uri)
      return
    }
    const { uri } = await client.request(
      'GET_SOCIAL_REDIRECT_URI',
      { provider, mode: 'popup' },
      signal,
    )
    if (!isLoginAddress(uri))
      throw new KitError('AUTH_INIT_FAILED', { details: 'The login address is not https.' })
    popup.location.href = uri
    const result = await new Promise<string>((resolve, reject) => {
      const onMessage = (event: MessageEvent) => {
        // Only the wallet origin, only the popup this click opened.
        if (event.origin !== wallet.walletOrigin || event.source !== popup) return
        const parsed = socialResultSchema.safeParse(event.data)
        if (!parsed.success) return
        done()
        resolve(parsed.data.uri)
      }
      const poll = context.env.scheduler.schedule(function check() {
        if (popup.closed) {
          done()
          reject(new KitError('AUTH_INIT_FAILED', { details: 'The login window was closed.' }))
        } else this.schedule(undefined, POPUP_POLL_MS)
      }, POPUP_POLL_MS)
      const onAbort = () => {
        done()
        popup.close()
        reject(new KitError('CANCELLED'))
      }
      const done = () => {
        poll.unsubscribe()
        globalThis.removeEventListener('message', onMessage)
        signal.removeEventListener('abort', onAbort)
      }
      globalThis.addEventListener('message', onMessage)
      signal.addEventListener('abort', onAbort, { once: true })
    })
    popup.close()
    await socialFinish(result, signal)
  }

  return {
    connectEmail: async (input) => {
      const email = parseOrThrow(emailSchema, input)
      const seconds = emailCooldownSeconds(
        context.getState().embeddedWallet?.lastEmailRequestAt ?? null,
        context.env.clock.now(),
      )
      if (seconds > 0) throw new KitError('EMAIL_LOGIN_COOLDOWN', { params: { seconds } })
      const signal = begin()
      // A frame that never loads sent no mail: the §5 cooldown starts only once it can.
      const client = await frame()
      await client.ready()
      context.append({ type: 'embeddedWallet/emailRequested', payload: { email } })
      const { action } = await client.request('CONNECT_EMAIL', { email }, signal)
      context.append({ type: 'embeddedWallet/emailAnswered', payload: { email, action } })
      if (action === 'CONNECT') await connectAuth()
      return { action }
    },
    connectOtp: async (input) => {
      const otp = parseOrThrow(otpSchema, input)
      const signal = begin()
      await (await frame()).request('CONNECT_OTP', { otp }, signal)
      await connectAuth()
    },
    connectDevice: async () => {
      const signal = begin()
      const client = await frame()
      for (let wait = 1; ; wait += 1) {
        try {
          await client.request('CONNECT_DEVICE', {}, signal)
          break
        } catch (error) {
          // The frame ends a wait that ran out with 'Request was aborted'; the visitor has not
          // left (that is this flow's signal), so the view keeps waiting.
          if (signal.aborted || !(error instanceof CancelledError) || wait >= DEVICE_WAITS)
            throw error
        }
      }
      const email = context.getState().embeddedWallet?.email
      if (email) {
        context.append({
          type: 'embeddedWallet/emailAnswered',
          payload: { email, action: 'VERIFY_OTP' },
        })
      }
    },
    connectSocial: async (provider, popup) => {
      try {
        await connectSocial(provider, popup)
      } finally {
        // Whatever ended the login (done, refused, left), the window it opened goes too.
        if (popup && !popup.closed) popup.close()
      }
    },
    completeSocialRedirect: async (url) => {
      const uri = socialReturnOf(url)
      if (!uri) return false
      await socialFinish(uri, begin())
      return true
    },
    updateEmail: async (input) => {
      const email = parseOrThrow(emailSchema, input)
      const { action } = await (await frame()).request('UPDATE_EMAIL', { email }, begin())
      context.append({ type: 'embeddedWallet/emailUpdateAnswered', payload: { email, action } })
      return { action }
    },
    updateEmailPrimaryOtp: async (input) => {
      const otp = parseOrThrow(otpSchema, input)
      await (await frame()).request('UPDATE_EMAIL_PRIMARY_OTP', { otp }, begin())
      const email = context.getState().embeddedWallet?.newEmail
      if (email) {
        context.append({
          type: 'embeddedWallet/emailUpdateAnswered',
          payload: { email, action: 'VERIFY_SECONDARY_OTP' },
        })
      }
    },
    updateEmailSecondaryOtp: async (input) => {
      const otp = parseOrThrow(otpSchema, input)
      const { email } = await (await frame()).request(
        'UPDATE_EMAIL_SECONDARY_OTP',
        { otp },
        begin(),
      )
      const users = context.getState().embeddedWallet?.users ?? {}
      for (const [namespace, user] of Object.entries(users)) {
        context.append({
          type: 'embeddedWallet/userChanged',
          payload: { namespace, user: { ...user, email } },
        })
      }
      context.append({ type: 'embeddedWallet/emailUpdated', payload: { email } })
      // Said where the visitor looks and to screen readers (the snack is a polite live region).
      context.append({
        type: 'snack/shown',
        payload: { variant: 'success', code: 'EMAIL_UPDATED', params: { email } },
      })
      return { email }
    },
    exportWallet: async () => {
      await (await frame()).request('EXPORT_WALLET', {})
    },
    hostApproval: (slot) => {
      let release: (() => void) | undefined
      let isReleased = false
      void frame().then(
        (client) => {
          if (!isReleased) release = client.hostApproval(slot)
        },
        // No frame client (no document): nothing is shown, so nothing to host.
        () => undefined,
      )
      return () => {
        isReleased = true
        release?.()
      }
    },
    syncTheme: async (themeMode, locale) => {
      await (await frame()).request(
        'SYNC_THEME',
        locale === undefined ? { themeMode } : { themeMode, locale },
      )
    },
    restrict: async (isRestricted) => {
      ;(await frame()).restrict(isRestricted)
    },
    signOut: async () => {
      await (await frame()).request('SIGN_OUT', {})
      context.append({ type: 'embeddedWallet/signedOut', payload: {} })
      await context.kit.disconnect()
    },
    abort: () => {
      flow?.abort()
      flow = null
    },
  }
}

/**
 * When the feature loads on a page that came back from a social login's redirect fallback (popups
 * blocked; `#gangway-social=…`): the fragment leaves the address at once (the login is redeemed
 * once; a reload must not try again), then the login is finished like a popup's (the frame redeems
 * it, every namespace with the AUTH connector connects in turn). One that cannot be finished says
 * so in the snack.
 * @internal
 */
export function finishSocialReturn(
  context: FeatureIntentContext,
  intents: EmbeddedWalletIntents,
): void {
  const location = (globalThis as { location?: { href?: string } }).location
  const href = location?.href
  if (!href || !socialReturnOf(href)) return
  const history = (globalThis as { history?: History }).history
  history?.replaceState(history.state, '', href.split('#')[0])
  intents.completeSocialRedirect(href).catch((error: unknown) => {
    context.append({
      type: 'snack/shown',
      payload: {
        variant: 'error',
        code: error instanceof KitError ? error.code : 'AUTH_INIT_FAILED',
      },
    })
  })
}
