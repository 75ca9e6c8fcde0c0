import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { getAddress } from 'viem'
import { foundry } from 'viem/chains'
import { describe, expect, test, vi } from 'vitest'
import { createFakeFrame, type FakeFrameHandler } from '../../../../test/support/embeddedFrame.js'
import {
  createKit,
  type KitError,
  selectActiveAccount,
  selectConnectMethodOrder,
  selectConnectors,
  TIMINGS,
} from '../../../kernel/index.js'
import { eip155 } from '../../../plugins/eip155/index.js'
import { solana, solanaLocalnet } from '../../../plugins/solana/index.js'
import { createVirtualEnv, settle } from '../../../testing/createVirtualEnv.js'
import { KitProvider } from '../../../ui/index.js'
import { AccountView } from '../../../ui/views/AccountView.js'
import { ConnectView } from '../../../ui/views/ConnectView.js'
import { embeddedWallet } from '../feature.js'
import { FRAME_LOAD_TIMEOUT_MS } from '../frameClient.js'
import { isLoginAddress } from '../intents.js'
import { createEmbeddedWallet } from '../wallet.js'
import { ApproveTransactionView } from './ApproveTransactionView.js'
import { ConnectingSocialView } from './ConnectingSocialView.js'
import { EmailLoginView } from './EmailLoginView.js'
import { UpdateEmailPrimaryOtpView, UpdateEmailSecondaryOtpView } from './UpdateEmailOtpView.js'
import { UpdateEmailWalletView } from './UpdateEmailWalletView.js'
// The feature's code, evaluated now so a woken feature runs after one settle() (virtual time).
import '../module.js'
import '../frameClient.js'
import '../eip1193.js'
import '../solana.js'

const walletOrigin = 'https://wallet.example'
const solanaAddress = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
const localnet = solanaLocalnet({
  genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  rpcUrl: 'http://127.0.0.1:1',
})
const address = getAddress('0x00000000000000000000000000000000000000aa')

/** A frame with one visitor: signed out until the right code arrives. */
function setup(
  options: {
    smartAccountChainIds?: number[]
    /** The frame's answers to CONNECT_DEVICE in turn; none: it never answers. */
    deviceAnswers?: object[]
    /** The frame never says it is ready. */
    neverReady?: boolean
    /** Where the frame sends a social login. */
    socialUri?: string
    /** The solana plugin too, with the same embedded wallet. */
    withSolana?: boolean
    /** §9 switches. */
    switches?: { readonly emailShowWallets?: boolean }
    /** A page reloaded: the kit's storage from before, and the frame's session still live. */
    reloadedFrom?: Readonly<Record<string, string>>
    /** The social provider the frame's session logged in with (the server's user names it). */
    sessionProvider?: 'google' | 'github'
  } = {},
) {
  // Wall-clock start: the views count the cooldown down on the page's clock.
  const env = createVirtualEnv({
    startAt: Date.now(),
    ...(options.reloadedFrom ? { storage: options.reloadedFrom } : {}),
  })
  let isSignedIn = options.reloadedFrom !== undefined
  /** As the server keeps it with the session: the provider of a social login, none for a code. */
  let sessionProvider: 'google' | 'github' | undefined = options.sessionProvider
  /** The visitor's click in the frame, per personal_sign waiting for it (approved or not). */
  const decisions = new Map<string, (approved: boolean) => void>()
  let chainId = 'eip155:31337'
  const answer: FakeFrameHandler = (request) => {
    switch (request.type) {
      case 'CONNECT_EMAIL':
        return { action: 'VERIFY_OTP' }
      case 'CONNECT_OTP':
        if (request.payload.otp !== '123456') return { error: 'An error occurred' }
        isSignedIn = true
        sessionProvider = undefined
        return {}
      case 'IS_CONNECTED':
        return { isConnected: isSignedIn }
      case 'GET_CHAIN_ID':
        return { chainId }
      case 'SWITCH_NETWORK':
        chainId = request.payload.chainId
        return { chainId }
      case 'GET_USER': {
        const on = request.payload.chainId ?? chainId
        // The same login's account on each family's network, as the frame derives them.
        const account = on.startsWith('solana:') ? solanaAddress : address
        return isSignedIn
          ? {
              email: 'visitor@shop.example',
              address: account,
              chainId: on,
              accounts: [{ address: account, type: 'eoa' }],
              ...(sessionProvider ? { socialProvider: sessionProvider } : {}),
            }
          : { error: 'Session Expired' }
      }
      case 'CONNECT_DEVICE':
        // By default the visitor has not clicked the link in the email yet.
        return options.deviceAnswers?.shift()
      case 'GET_SOCIAL_REDIRECT_URI':
        return { uri: options.socialUri ?? 'https://accounts.example/auth' }
      case 'CONNECT_SOCIAL': {
        isSignedIn = true
        sessionProvider = 'google'
        const on = request.payload.chainId ?? chainId
        return {
          address,
          chainId: on,
          accounts: [{ address, type: 'eoa' }],
          socialProvider: sessionProvider,
        }
      }
      case 'SIGN_OUT':
        isSignedIn = false
        return {}
      case 'RPC_REQUEST': {
        if (request.payload.method !== 'personal_sign') return { error: 'An error occurred' }
        // §6: refused where the site marks the context restricted, without showing anything.
        if (request.payload.restricted) return { error: 'Requested RPC call is not allowed' }
        // As the frame does: shown for the visitor's click, hidden once they answered.
        frame.post({ type: 'SHOW_APPROVAL', payload: { requestId: request.id } })
        return new Promise<object>((resolve) => {
          decisions.set(request.id, (approved) => {
            decisions.delete(request.id)
            frame.post({ type: 'HIDE_APPROVAL', payload: { requestId: request.id } })
            resolve(approved ? { result: `0x${'11'.repeat(65)}` } : { error: 'Signature declined' })
          })
        })
      }
      case 'UPDATE_EMAIL':
        // §5 the current address's cooldown, as the server counts it.
        if (request.payload.email === 'soon@shop.example')
          return { error: 'Please try again after 12 seconds' }
        return { action: 'VERIFY_PRIMARY_OTP' }
      case 'SYNC_THEME':
        return {}
      case 'UPDATE_EMAIL_PRIMARY_OTP':
        return request.payload.otp === '111111' ? {} : { error: 'Invalid code' }
      case 'UPDATE_EMAIL_SECONDARY_OTP':
        return request.payload.otp === '222222' ? { email: 'new@shop.example' } : { error: 'x' }
      case 'DISMISS_APPROVAL': {
        const decide = decisions.get(request.payload.requestId)
        decide?.(false)
        return { dismissed: decide !== undefined }
      }
      default:
        return { error: 'An error occurred' }
    }
  }
  const frame = createFakeFrame({
    walletOrigin,
    siteOrigin: 'https://shop.example',
    answer,
    ...(options.neverReady ? { neverReady: true } : {}),
  })
  const wallet = createEmbeddedWallet({ walletOrigin, projectId: 'p1', host: frame.host })
  const kit = createKit({
    plugins: [
      eip155({
        chains: [foundry],
        rpcUrls: { 31337: ['http://127.0.0.1:1'] },
        ...(options.smartAccountChainIds
          ? { smartAccountChainIds: options.smartAccountChainIds }
          : {}),
        embeddedWallet: wallet,
      }),
      options.withSolana && solana({ networks: [localnet], embeddedWallet: wallet }),
    ],
    features: [embeddedWallet({ wallet })],
    ...(options.switches ? { switches: options.switches } : {}),
    env,
  })
  /** The visitor clicks Approve in the frame for every request waiting for it. */
  const approveInFrame = () => {
    for (const decide of [...decisions.values()]) decide(true)
  }
  return { env, frame, kit, approveInFrame }
}

/** A visitor logged in with an email code, the modal closed again. */
async function loggedIn(options: Parameters<typeof setup>[0] = {}) {
  const made = setup(options)
  await made.kit.features.embeddedWallet.connectEmail('visitor@shop.example')
  await made.kit.features.embeddedWallet.connectOtp('123456')
  await until(() => made.kit.getState().embeddedWallet?.users.eip155 !== undefined)
  return made
}

/** Moves time in small steps so message-port answers (real macrotasks) interleave with timers. */
async function until(condition: () => boolean) {
  for (let step = 0; step < 200 && !condition(); step += 1) await settle()
}

describe('embedded wallet login', () => {
  test('default: email → code → connected with an eoa account, the §3 user in state', async () => {
    const { frame, kit } = setup()
    expect(selectConnectors(kit.getState())).toContainEqual(
      expect.objectContaining({ id: 'auth', type: 'AUTH', namespace: 'eip155' }),
    )
    const { action } = await kit.features.embeddedWallet.connectEmail('visitor@shop.example')
    expect(action).toBe('VERIFY_OTP')
    expect(kit.getState().router.history.at(-1)).toBe('EmailVerifyOtp')
    await kit.features.embeddedWallet.connectOtp('123456')
    await until(() => kit.getState().embeddedWallet?.users.eip155 !== undefined)
    const account = selectActiveAccount(kit.getState())
    expect(account).toMatchObject({
      status: 'connected',
      connectorId: 'auth',
      caipAddress: `eip155:31337:${address}`,
      allAccounts: [{ caipAddress: `eip155:31337:${address}`, type: 'eoa' }],
    })
    expect(kit.getState().embeddedWallet?.users.eip155).toMatchObject({
      email: 'visitor@shop.example',
      address,
    })
    // The one-time code never entered the log.
    expect(JSON.stringify(kit.getState())).not.toContain('123456')
    expect(frame.received.map((request) => request.type)).toContain('CONNECT_OTP')
    kit.destroy()
  })

  test('behavior: §4 disconnect signs the embedded wallet out and clears the user', async () => {
    const { frame, kit } = setup()
    await kit.features.embeddedWallet.connectEmail('visitor@shop.example')
    await kit.features.embeddedWallet.connectOtp('123456')
    await until(() => kit.getState().embeddedWallet?.users.eip155 !== undefined)
    await kit.disconnect()
    await until(() => frame.received.some((request) => request.type === 'SIGN_OUT'))
    expect(frame.received.filter((request) => request.type === 'SIGN_OUT')).toHaveLength(1)
    expect(kit.getState().embeddedWallet?.users).toEqual({})
    expect(selectActiveAccount(kit.getState())?.status).toBe('disconnected')
    kit.destroy()
  })

  test("behavior: §5 a second email within 30 s is refused with 'Please try again after N seconds', counting down", async () => {
    const { env, frame, kit } = setup()
    await kit.features.embeddedWallet.connectEmail('visitor@shop.example')
    env.advance(12_000)
    const refused = await kit.features.embeddedWallet
      .connectEmail('visitor@shop.example')
      .catch((error: KitError) => error)
    expect((refused as KitError).userMessage).toBe('Please try again after 18 seconds')
    env.advance(17_500)
    const again = await kit.features.embeddedWallet
      .connectEmail('visitor@shop.example')
      .catch((error: KitError) => error)
    expect((again as KitError).userMessage).toBe('Please try again after 1 seconds')
    expect(frame.received.filter((request) => request.type === 'CONNECT_EMAIL')).toHaveLength(1)
    env.advance(TIMINGS.emailLoginCooldownMs - 29_500)
    await expect(kit.features.embeddedWallet.connectEmail('visitor@shop.example')).resolves.toEqual(
      {
        action: 'VERIFY_OTP',
      },
    )
    kit.destroy()
  })

  test("behavior: a frame that never loads gives 'Unable to load email login dependency' and starts no cooldown (no mail went out)", async () => {
    const { env, kit } = setup({ neverReady: true })
    const failed = kit.features.embeddedWallet
      .connectEmail('visitor@shop.example')
      .catch((error: KitError) => error)
    await settle()
    env.advance(FRAME_LOAD_TIMEOUT_MS)
    expect(((await failed) as KitError).userMessage).toBe('Unable to load email login dependency')
    expect(kit.getState().embeddedWallet?.lastEmailRequestAt ?? null).toBe(null)
    kit.destroy()
  })

  test('behavior: §5 an invalid email is refused before the frame is asked, and starts no cooldown', async () => {
    const { frame, kit } = setup()
    await expect(kit.features.embeddedWallet.connectEmail('not-an-email')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    })
    expect(frame.srcs).toEqual([])
    await expect(kit.features.embeddedWallet.connectEmail('visitor@shop.example')).resolves.toEqual(
      {
        action: 'VERIFY_OTP',
      },
    )
    kit.destroy()
  })

  test('behavior: a new device waits for the link in the mail, asking again while the server’s wait runs out, then opens the code view', async () => {
    const { frame, kit } = setup({
      // The server held the first wait until its bound, then the visitor clicked the link.
      deviceAnswers: [{ error: 'Request was aborted' }, {}],
    })
    await kit.features.embeddedWallet.connectEmail('visitor@shop.example')
    await kit.features.embeddedWallet.connectDevice()
    expect(frame.received.filter((request) => request.type === 'CONNECT_DEVICE')).toHaveLength(2)
    // The server mails a code once the device is approved: the visitor types it next.
    expect(kit.getState().router.history.at(-1)).toBe('EmailVerifyOtp')
    expect(kit.getState().embeddedWallet?.action).toBe('VERIFY_OTP')
    expect(frame.received.map((request) => request.type)).not.toContain('GET_USER')
    expect(selectActiveAccount(kit.getState())?.status).toBe('disconnected')
    kit.destroy()
  })

  test('behavior: one login connects eip155 and solana through the AUTH connector, and the namespace the visitor was on stays the one shown', async () => {
    const { frame, kit } = setup({ withSolana: true })
    expect(kit.getState().activeNamespace).toBe('eip155')
    await kit.features.embeddedWallet.connectEmail('visitor@shop.example')
    await kit.features.embeddedWallet.connectOtp('123456')
    const solanaAccount = () => kit.getState().namespaces.entities.solana?.accountState
    await until(() => solanaAccount()?.status === 'connected')
    expect(solanaAccount()).toMatchObject({ connectorId: 'auth', address: solanaAddress })
    // Each namespace has its §3 user.
    await until(() => Object.keys(kit.getState().embeddedWallet?.users ?? {}).length === 2)
    expect(kit.getState().embeddedWallet?.users).toMatchObject({
      eip155: { address },
      solana: { address: solanaAddress },
    })
    expect(kit.getState().activeNamespace).toBe('eip155')
    expect(selectActiveAccount(kit.getState())?.caipAddress).toBe(`eip155:31337:${address}`)
    expect(
      frame.received.some(
        (request) => request.type === 'GET_USER' && request.payload.chainId === localnet.id,
      ),
    ).toBe(true)
    kit.destroy()
  })

  test("behavior: the frame saying the session expired ('Session Expired') disconnects every namespace it connected", async () => {
    const { frame, kit } = await loggedIn({ withSolana: true })
    const status = (namespace: string) =>
      kit.getState().namespaces.entities[namespace]?.accountState.status
    await until(() => status('solana') === 'connected')
    expect(status('eip155')).toBe('connected')
    frame.post({ type: 'SESSION_EXPIRED', payload: {} })
    await until(() => status('eip155') === 'disconnected' && status('solana') === 'disconnected')
    expect([status('eip155'), status('solana')]).toEqual(['disconnected', 'disconnected'])
    kit.destroy()
  })

  test('behavior: §4 email update: a code to the current address (VERIFY_PRIMARY_OTP), then one to the new (VERIFY_SECONDARY_OTP); the §3 user reads the new address; §5 an invalid address never reaches the frame', async () => {
    const { frame, kit } = await loggedIn({ withSolana: true })
    await until(() => Object.keys(kit.getState().embeddedWallet?.users ?? {}).length === 2)
    await expect(kit.features.embeddedWallet.updateEmail('not-an-email')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    })
    expect(frame.received.some((request) => request.type === 'UPDATE_EMAIL')).toBe(false)
    await expect(kit.features.embeddedWallet.updateEmail('new@shop.example')).resolves.toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    await kit.features.embeddedWallet.updateEmailPrimaryOtp('111111')
    await expect(kit.features.embeddedWallet.updateEmailSecondaryOtp('222222')).resolves.toEqual({
      email: 'new@shop.example',
    })
    expect(kit.getState().embeddedWallet?.users).toMatchObject({
      eip155: { email: 'new@shop.example', address },
      solana: { email: 'new@shop.example', address: solanaAddress },
    })
    kit.destroy()
  })

  test("behavior: leaving the code view aborts the request with 'Request was aborted'", async () => {
    const { frame, kit } = setup()
    await kit.features.embeddedWallet.connectEmail('visitor@shop.example')
    const device = kit.features.embeddedWallet.connectDevice().catch((error: KitError) => error)
    await until(() => frame.received.some((request) => request.type === 'CONNECT_DEVICE'))
    await kit.features.embeddedWallet.abort()
    expect(((await device) as KitError).userMessage).toBe('Request was aborted')
    expect(selectActiveAccount(kit.getState())?.status).toBe('disconnected')
    kit.destroy()
  })
})

describe('email update views (§4 VERIFY_PRIMARY_OTP, VERIFY_SECONDARY_OTP)', () => {
  const render = (kit: ReturnType<typeof setup>['kit'], view: ReactElement) =>
    renderToString(
      <KitProvider kit={kit} withoutModal>
        {view}
      </KitProvider>,
    )
  const where = (kit: ReturnType<typeof setup>['kit']) => {
    const { modal, router } = kit.getState()
    return { isOpen: modal.isOpen, view: router.view, history: [...router.history] }
  }

  test('behavior: the Account view of an email-login account offers Update email; a social login back from the redirect does not, though its user has an email', async () => {
    const { kit } = await loggedIn()
    kit.open('Account')
    expect(render(kit, <AccountView />)).toMatch(/data-action="updateEmail".*Update email/)
    kit.destroy()
    const callback = 'https://wallet.example/embedded/social/callback?state=s'
    vi.stubGlobal('location', {
      href: `https://shop.example/#gangway-social=${encodeURIComponent(callback)}`,
      hash: `#gangway-social=${encodeURIComponent(callback)}`,
    })
    vi.stubGlobal('history', { state: null, replaceState: () => undefined })
    try {
      const social = setup()
      // Back from the redirect fallback: the login was begun on the page before, and the user the
      // frame gives (with an email) is what names the provider.
      await until(() => social.kit.getState().embeddedWallet?.users.eip155 !== undefined)
      social.kit.open('Account')
      const html = render(social.kit, <AccountView />)
      expect(html).toContain('data-gangway="address"')
      expect(html).not.toContain('Update email')
      social.kit.destroy()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('behavior: after a reload the Account view follows how the restored session logged in: a Google login’s offers no Update email, an email login’s does', async () => {
    const before = await loggedIn()
    const storage = before.env.storage.dump()
    before.kit.destroy()
    for (const sessionProvider of ['google', undefined] as const) {
      const { kit } = setup({
        reloadedFrom: storage,
        ...(sessionProvider ? { sessionProvider } : {}),
      })
      await until(() => kit.getState().embeddedWallet?.users.eip155 !== undefined)
      // Restored, not logged in on this page: no social login was begun here.
      expect(selectActiveAccount(kit.getState())).toMatchObject({
        status: 'connected',
        socialProvider: sessionProvider ?? null,
        isSocialWindowOpen: false,
      })
      kit.open('Account')
      const html = render(kit, <AccountView />)
      expect(html).toContain('data-gangway="address"')
      if (sessionProvider) expect(html).not.toContain('Update email')
      else expect(html).toMatch(/data-action="updateEmail".*Update email/)
      kit.destroy()
    }
  })

  test('behavior: new address → the code the current address got → the code the new one got → back on Account with the new address and a success snack', async () => {
    const { frame, kit } = await loggedIn({ withSolana: true })
    await until(() => Object.keys(kit.getState().embeddedWallet?.users ?? {}).length === 2)
    kit.open('Account')
    kit.navigate('UpdateEmailWallet')
    expect(render(kit, <UpdateEmailWalletView />)).toContain('Your email now: visitor@shop.example')
    // §5: an invalid address is refused with the catalogue's words and goes nowhere.
    const invalid = await kit.features.embeddedWallet
      .updateEmail('not-an-email')
      .catch((error: KitError) => error)
    expect((invalid as KitError).userMessage).toBe('Invalid input')
    expect(where(kit).view).toBe('UpdateEmailWallet')
    await kit.features.embeddedWallet.updateEmail('new@shop.example')
    expect(where(kit)).toEqual({
      isOpen: true,
      view: 'UpdateEmailPrimaryOtp',
      history: ['Account', 'UpdateEmailWallet', 'UpdateEmailPrimaryOtp'],
    })
    expect(render(kit, <UpdateEmailPrimaryOtpView />)).toContain(
      'To change your email, enter the code we sent to visitor@shop.example.',
    )
    // A wrong code keeps the visitor where they are, with 'An error occurred'.
    const wrong = await kit.features.embeddedWallet
      .updateEmailPrimaryOtp('000000')
      .catch((error: KitError) => error)
    expect((wrong as KitError).userMessage).toBe('An error occurred')
    expect(where(kit).view).toBe('UpdateEmailPrimaryOtp')
    await kit.features.embeddedWallet.updateEmailPrimaryOtp('111111')
    expect(where(kit).view).toBe('UpdateEmailSecondaryOtp')
    expect(render(kit, <UpdateEmailSecondaryOtpView />)).toContain(
      'We sent a code to new@shop.example.',
    )
    await kit.features.embeddedWallet.updateEmailSecondaryOtp('222222')
    expect(where(kit)).toEqual({ isOpen: true, view: 'Account', history: ['Account'] })
    expect(kit.getState().snack).toMatchObject({
      isOpen: true,
      variant: 'success',
      code: 'EMAIL_UPDATED',
      params: { email: 'new@shop.example' },
    })
    expect(kit.getState().embeddedWallet?.users).toMatchObject({
      eip155: { email: 'new@shop.example' },
      solana: { email: 'new@shop.example' },
    })
    expect(kit.getState().embeddedWallet?.newEmail).toBeNull()
    // The codes never entered the log.
    expect(JSON.stringify(kit.getState())).not.toMatch(/"(111111|222222)"/)
    expect(frame.received.map((request) => request.type)).toContain('UPDATE_EMAIL_SECONDARY_OTP')
    kit.destroy()
  })

  test("behavior: just after the login's code, the update view shows 'Please try again after N seconds' and cannot send", async () => {
    const { kit } = await loggedIn()
    const html = render(kit, <UpdateEmailWalletView />)
    expect(html).toMatch(/Please try again after (29|30) seconds/)
    expect(html).toMatch(/<button type="submit" class="gw-button" disabled=""/)
    kit.destroy()
  })

  test("behavior: the server's cooldown for the current address reads 'Please try again after N seconds' and the view stays", async () => {
    const { kit } = await loggedIn()
    kit.open('Account')
    kit.navigate('UpdateEmailWallet')
    const refused = await kit.features.embeddedWallet
      .updateEmail('soon@shop.example')
      .catch((error: KitError) => error)
    expect((refused as KitError).userMessage).toBe('Please try again after 12 seconds')
    expect(where(kit).view).toBe('UpdateEmailWallet')
    kit.destroy()
  })
})

describe('approvals in the ApproveTransaction view (decision 0716)', () => {
  const router = (kit: ReturnType<typeof setup>['kit']) => {
    const { modal, router } = kit.getState()
    return { isOpen: modal.isOpen, view: router.view, history: [...router.history] }
  }

  test('behavior: the frame asking for a click opens the closed modal on ApproveTransaction; once answered the modal closes again', async () => {
    const { kit, approveInFrame } = await loggedIn()
    expect(router(kit).isOpen).toBe(false)
    const signed = kit.signMessage({ message: 'hello' })
    await until(() => router(kit).view === 'ApproveTransaction')
    expect(router(kit)).toEqual({
      isOpen: true,
      view: 'ApproveTransaction',
      history: ['ApproveTransaction'],
    })
    approveInFrame()
    await expect(signed).resolves.toEqual({ signature: `0x${'11'.repeat(65)}` })
    expect(router(kit).isOpen).toBe(false)
    kit.destroy()
  })

  test('behavior: over an open view, ApproveTransaction goes on top, and once answered the visitor is back where they were', async () => {
    const { kit, approveInFrame } = await loggedIn()
    kit.open('Account')
    kit.navigate('Networks')
    const signed = kit.signMessage({ message: 'hello' })
    await until(() => router(kit).view === 'ApproveTransaction')
    expect(router(kit).history).toEqual(['Account', 'Networks', 'ApproveTransaction'])
    approveInFrame()
    await signed
    expect(router(kit)).toEqual({
      isOpen: true,
      view: 'Networks',
      history: ['Account', 'Networks'],
    })
    kit.destroy()
  })

  test.each([
    ['closes the modal', 'close'],
    ['goes back', 'back'],
  ] as const)(
    "behavior: a visitor who %s while the frame asks declines: the frame is told to dismiss it, the page's request fails with 'Signature declined', and the modal stays where the visitor put it",
    async (_, leave) => {
      const { frame, kit } = await loggedIn()
      kit.open('Account')
      const signed = kit.signMessage({ message: 'hello' }).catch((error: KitError) => error)
      await until(() => router(kit).view === 'ApproveTransaction')
      const [asked] = frame.received.filter((request) => request.type === 'RPC_REQUEST')
      if (leave === 'close') kit.close()
      else kit.back()
      const refused = (await signed) as KitError
      expect(refused.code).toBe('USER_REJECTED')
      expect(refused.userMessage).toBe('Signature declined')
      expect(
        frame.received
          .filter((request) => request.type === 'DISMISS_APPROVAL')
          .map((r) => r.payload),
      ).toEqual([{ requestId: asked?.id }])
      await until(() => (kit.getState().embeddedWallet?.approvals.length ?? 1) === 0)
      expect(router(kit)).toEqual(
        leave === 'close'
          ? {
              isOpen: false,
              view: 'ApproveTransaction',
              history: ['Account', 'ApproveTransaction'],
            }
          : { isOpen: true, view: 'Account', history: ['Account'] },
      )
      expect(frame.isVisible()).toBe(false)
      kit.destroy()
    },
  )

  test("behavior: §6 in a context the page marks restricted, signing is refused with 'Action not allowed' and no approval opens; unmarked, it asks again", async () => {
    const { frame, kit, approveInFrame } = await loggedIn()
    await kit.features.embeddedWallet.restrict(true)
    const refused = await kit.signMessage({ message: 'hello' }).catch((error: KitError) => error)
    expect((refused as KitError).code).toBe('RPC_NOT_ALLOWED')
    expect((refused as KitError).userMessage).toBe('Action not allowed')
    expect(
      frame.received.filter((request) => request.type === 'RPC_REQUEST').at(-1)?.payload,
    ).toMatchObject({ method: 'personal_sign', restricted: true })
    expect(router(kit).isOpen).toBe(false)
    await kit.features.embeddedWallet.restrict(false)
    const signed = kit.signMessage({ message: 'hello' })
    await until(() => router(kit).view === 'ApproveTransaction')
    approveInFrame()
    await expect(signed).resolves.toEqual({ signature: `0x${'11'.repeat(65)}` })
    kit.destroy()
  })

  test("behavior: the frame is told the card's theme (SYNC_THEME), so its dialog matches the modal and not the system", async () => {
    const { frame, kit } = await loggedIn()
    await kit.features.embeddedWallet.syncTheme('light')
    expect(
      frame.received.filter((request) => request.type === 'SYNC_THEME').at(-1)?.payload,
    ).toEqual({ themeMode: 'light' })
    kit.destroy()
  })

  test('default: the view says the wallet asks for approval and holds the slot the frame shows over', () => {
    const { kit } = setup()
    const html = renderToString(
      <KitProvider kit={kit} withoutModal>
        <ApproveTransactionView />
      </KitProvider>,
    )
    expect(html).toContain('Your wallet asks for your approval.')
    expect(html).toContain('data-gangway="approval-slot"')
    kit.destroy()
  })
})

describe('social login', () => {
  test.each([
    ['https://accounts.google.com/o/oauth2/auth?x=1', true],
    ['http://127.0.0.1:4000/auth', true],
    ['http://localhost:4000/auth', true],
    ['http://id.localhost:4000/auth', true],
    ['http://[::1]:4000/auth', true],
    ['http://accounts.example/auth', false],
    ['http://127.0.0.1.evil.example/auth', false],
    ['http://localhost.evil.example/auth', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['not a url', false],
  ])('validation: the login address %s may be opened: %s', (uri, allowed) => {
    expect(isLoginAddress(uri)).toBe(allowed)
  })

  test('behavior: with no window (the popup was blocked) the page goes to the login address instead, to come back to the page it left', async () => {
    const went: string[] = []
    vi.stubGlobal('location', {
      href: 'https://shop.example/shop?item=1#top',
      hash: '#top',
      assign: (url: string) => went.push(url),
    })
    try {
      const { frame, kit } = setup({ socialUri: 'https://accounts.example/auth?state=s' })
      await kit.features.embeddedWallet.connectSocial('github', null)
      expect(went).toEqual(['https://accounts.example/auth?state=s'])
      expect(
        frame.received.find((request) => request.type === 'GET_SOCIAL_REDIRECT_URI')?.payload,
      ).toEqual({
        provider: 'github',
        mode: 'redirect',
        returnTo: 'https://shop.example/shop?item=1',
      })
      kit.destroy()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('behavior: a page back from the redirect (#gangway-social=…) finishes the login as the kit starts: the frame redeems it once, every namespace connects, the fragment leaves the address', async () => {
    const callback = 'https://wallet.example/embedded/social/callback?state=s'
    const replaced: string[] = []
    vi.stubGlobal('location', {
      href: `https://shop.example/shop#gangway-social=${encodeURIComponent(callback)}`,
      hash: `#gangway-social=${encodeURIComponent(callback)}`,
    })
    vi.stubGlobal('history', {
      state: null,
      replaceState: (_state: unknown, _title: string, url: string) => replaced.push(url),
    })
    try {
      const { frame, kit } = setup({ withSolana: true })
      const status = (namespace: string) =>
        kit.getState().namespaces.entities[namespace]?.accountState.status
      await until(() => status('eip155') === 'connected' && status('solana') === 'connected')
      expect(
        frame.received.filter((request) => request.type === 'CONNECT_SOCIAL').map((r) => r.payload),
      ).toEqual([{ uri: callback }])
      expect(replaced).toEqual(['https://shop.example/shop'])
      expect(kit.getState().activeNamespace).toBe('eip155')
      kit.destroy()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('behavior: a login address the kit refuses ends the login and closes the window the click opened', async () => {
    const { kit } = setup({ socialUri: 'http://accounts.example/auth' })
    const popup = {
      closed: false,
      location: { href: 'about:blank' },
      close() {
        this.closed = true
      },
    }
    const refused = await kit.features.embeddedWallet
      .connectSocial('google', popup as unknown as Window)
      .catch((error: KitError) => error)
    expect((refused as KitError).userMessage).toBe(
      'A problem occurred while trying initialize authentication',
    )
    expect(popup.location.href).toBe('about:blank')
    expect(popup.closed).toBe(true)
    kit.destroy()
  })
})

describe('views', () => {
  test('default: §2 Connect lists email, then social, then the wallets, when no browser wallet is shown', () => {
    const { kit } = setup()
    expect(selectConnectMethodOrder(kit.getState())).toEqual(['email', 'social', 'wallet'])
    const html = renderToString(
      <KitProvider kit={kit} withoutModal>
        <ConnectView />
      </KitProvider>,
    )
    const email = html.indexOf('Continue with email')
    const social = html.indexOf('social')
    expect(email).toBeGreaterThan(-1)
    expect(social).toBeGreaterThan(email)
    kit.destroy()
  })

  test('parameters: §9 emailShowWallets off shows the wallets behind one button when email or social is offered; on (default) lists them', () => {
    for (const emailShowWallets of [false, true]) {
      const { kit } = setup({ switches: { emailShowWallets } })
      const html = renderToString(
        <KitProvider kit={kit} withoutModal>
          <ConnectView />
        </KitProvider>,
      )
      expect(html.includes('Continue with a wallet')).toBe(!emailShowWallets)
      // The wallet list: its sections, or its word that this browser has none.
      expect(/<section|No wallet found in this browser/.test(html)).toBe(emailShowWallets)
      kit.destroy()
    }
  })

  test('default: the social view offers a button for each §3 provider the site lists (Farcaster comes later)', () => {
    const env = createVirtualEnv({ startAt: Date.now() })
    const frame = createFakeFrame({
      walletOrigin,
      siteOrigin: 'https://shop.example',
      answer: () => undefined,
    })
    const wallet = createEmbeddedWallet({ walletOrigin, projectId: 'p1', host: frame.host })
    const kit = createKit({
      plugins: [eip155({ chains: [foundry], embeddedWallet: wallet })],
      features: [embeddedWallet({ wallet })],
      socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
      env,
    })
    const html = renderToString(
      <KitProvider kit={kit} withoutModal>
        <ConnectingSocialView />
      </KitProvider>,
    )
    const offered = [...html.matchAll(/Continue with ([A-Za-z]+)/g)].map((match) => match[1])
    expect(offered).toEqual(['Google', 'X', 'Discord', 'GitHub', 'Apple', 'Facebook'])
    kit.destroy()
  })

  test("behavior: after a code was asked, the email view shows 'Please try again after N seconds' and cannot send", async () => {
    const { kit } = setup()
    await kit.features.embeddedWallet.connectEmail('visitor@shop.example')
    const html = renderToString(
      <KitProvider kit={kit} withoutModal>
        <EmailLoginView />
      </KitProvider>,
    )
    expect(html).toMatch(/Please try again after (29|30) seconds/)
    expect(html).toMatch(/<button type="submit" class="gw-button" disabled=""/)
    kit.destroy()
  })
})

test('behavior: a site with smart accounts enabled is told the embedded wallet connects eoa accounts for now', () => {
  const note = 'Smart accounts are not available with email or social login yet'
  const render = (kit: ReturnType<typeof setup>['kit']) =>
    renderToString(
      <KitProvider kit={kit} withoutModal>
        <EmailLoginView />
      </KitProvider>,
    )
  const plain = setup()
  expect(render(plain.kit)).not.toContain(note)
  plain.kit.destroy()
  const smart = setup({ smartAccountChainIds: [31337] })
  expect(render(smart.kit)).toContain(note)
  smart.kit.destroy()
})
