import { describe, expect, test } from 'vitest'
import {
  createFakeFrame,
  type FakeFrameHandler,
  windowMessage,
} from '../../../test/support/embeddedFrame.js'
import { type KitError, TIMINGS } from '../../kernel/index.js'
import { FRAME_REQUEST_TYPES } from '../../services/gangway/embeddedWalletProtocol.js'
import { createVirtualEnv, settle } from '../../testing/createVirtualEnv.js'
import {
  APPROVAL_DISMISS_TIMEOUT_MS,
  APPROVAL_HOST_WAIT_MS,
  createFrameClient,
  FRAME_LOAD_TIMEOUT_MS,
} from './frameClient.js'

const walletOrigin = 'https://wallet.example'
const siteOrigin = 'https://shop.example'
const user = {
  email: 'visitor@shop.example',
  address: '0x00000000000000000000000000000000000000aa',
  chainId: 'eip155:31337',
  accounts: [{ address: '0x00000000000000000000000000000000000000aa', type: 'eoa' as const }],
}

function setup(answer: FakeFrameHandler = () => undefined, options: { neverReady?: boolean } = {}) {
  const env = createVirtualEnv()
  const frame = createFakeFrame({ walletOrigin, siteOrigin, answer, ...options })
  const client = createFrameClient({
    walletOrigin,
    projectId: 'project-1',
    scheduler: env.scheduler,
    host: frame.host,
  })
  return { env, frame, client }
}

/** Moves time in small steps so message-port answers (real macrotasks) interleave with timers. */
async function until(condition: () => boolean) {
  for (let step = 0; step < 200 && !condition(); step += 1) await settle()
}

/** Settles a promise into a plain outcome, so a test can await it after moving time. */
function outcome<TValue>(promise: Promise<TValue>) {
  const result: { value?: TValue; error?: KitError; done: boolean } = { done: false }
  promise.then(
    (value) => Object.assign(result, { value, done: true }),
    (error: KitError) => Object.assign(result, { error, done: true }),
  )
  return result
}

describe('handshake', () => {
  test('default: the frame is loaded with the site and project, and connected with the exact wallet origin', async () => {
    const { frame, client } = setup(() => ({ action: 'VERIFY_OTP' }))
    await expect(client.request('CONNECT_EMAIL', { email: 'a@b.co' })).resolves.toEqual({
      action: 'VERIFY_OTP',
    })
    expect(frame.srcs).toEqual([
      'https://wallet.example/embedded/frame?site=https%3A%2F%2Fshop.example&projectId=project-1',
    ])
    expect(frame.connectTargets).toEqual([walletOrigin])
    expect(frame.received.map((request) => request.type)).toEqual(['CONNECT_EMAIL'])
  })

  test('behavior: each request carries its own uuid and gets its own answer', async () => {
    let n = 0
    const { frame, client } = setup(async () => {
      n += 1
      const mine = n
      // The first request is answered last.
      if (mine === 1) await new Promise((resolve) => setTimeout(resolve, 20))
      return { chainId: mine === 1 ? 'eip155:1' : 'eip155:10' }
    })
    const [first, second] = await Promise.all([
      client.request('GET_CHAIN_ID', {}),
      client.request('GET_CHAIN_ID', {}),
    ])
    expect(first).toEqual({ chainId: 'eip155:1' })
    expect(second).toEqual({ chainId: 'eip155:10' })
    const [a, b] = frame.received.map((request) => request.id)
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(a).not.toBe(b)
  })

  test('behavior: a wallet origin equal to the site is refused', () => {
    const env = createVirtualEnv()
    const frame = createFakeFrame({ walletOrigin: siteOrigin, siteOrigin, answer: () => undefined })
    expect(() =>
      createFrameClient({
        walletOrigin: siteOrigin,
        projectId: 'p',
        scheduler: env.scheduler,
        host: frame.host,
      }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_APP_CONFIGURATION' }))
  })
})

describe('hostile messages', () => {
  test('behavior: a ready message from another origin or another window does not connect, a hostile page posting every type changes nothing', async () => {
    const { env, frame, client } = setup(undefined, { neverReady: true })
    const pending = outcome(client.request('GET_USER', {}))
    await settle()
    const hostile = 'https://evil.example'
    const otherWindow = { postMessage: () => undefined }
    const ready = { type: '@gangway/frame-ready', version: 1 }
    // Look-alikes: the right message from the wrong origin, the right origin from the wrong window,
    // and every request, reply and event type from a hostile origin.
    frame.page.dispatchEvent(windowMessage(ready, hostile, frame.frameWindow))
    frame.page.dispatchEvent(windowMessage(ready, walletOrigin, otherWindow))
    frame.page.dispatchEvent(windowMessage(ready, `${walletOrigin}:443`, frame.frameWindow))
    for (const type of FRAME_REQUEST_TYPES) {
      for (const suffix of ['', '_SUCCESS', '_ERROR']) {
        frame.page.dispatchEvent(
          windowMessage(
            { id: crypto.randomUUID(), type: `${type}${suffix}`, payload: user },
            hostile,
            frame.frameWindow,
          ),
        )
      }
    }
    frame.page.dispatchEvent(windowMessage({ type: 'SHOW_APPROVAL', payload: {} }, hostile, null))
    await settle()
    // Never connected: nothing was posted to the frame, nothing answered, the frame stays hidden.
    expect(frame.connectTargets).toEqual([])
    expect(pending.done).toBe(false)
    expect(frame.isVisible()).toBe(false)
    env.advance(FRAME_LOAD_TIMEOUT_MS)
    await settle()
    expect(pending.error?.code).toBe('EMBEDDED_WALLET_LOAD_FAILED')
    expect(pending.error?.userMessage).toBe('Unable to load email login dependency')
  })

  test('behavior: after the handshake, window messages with the wallet origin answer nothing', async () => {
    const { frame, client } = setup((request) =>
      request.type === 'IS_CONNECTED' ? { isConnected: false } : undefined,
    )
    await client.request('IS_CONNECTED', {})
    frame.received.length = 0
    const pending = outcome(client.request('GET_USER', {}))
    await settle()
    const [request] = frame.received
    if (!request) throw new Error('the frame got no request')
    // Even a perfect reply, from the wallet origin and the frame's window, counts only on the port.
    frame.page.dispatchEvent(
      windowMessage(
        { id: request.id, type: 'GET_USER_SUCCESS', payload: user },
        walletOrigin,
        frame.frameWindow,
      ),
    )
    await settle()
    expect(pending.done).toBe(false)
    frame.reply(request, user)
    await settle()
    expect(pending.value).toEqual(user)
  })

  test('behavior: a malformed or mistyped reply on the port is dropped and the request keeps waiting', async () => {
    const { frame, client } = setup()
    const pending = outcome(client.request('GET_USER', {}))
    await settle()
    await settle()
    const [request] = frame.received
    if (!request) throw new Error('the frame got no request')
    frame.reply(request, { ...user, accounts: [] })
    frame.post({ id: request.id, type: 'SIGN_OUT_SUCCESS', payload: {} })
    frame.post({ id: crypto.randomUUID(), type: 'GET_USER_SUCCESS', payload: user })
    await settle()
    expect(pending.done).toBe(false)
    frame.reply(request, { message: 'Session Expired' }, 'ERROR')
    await settle()
    expect(pending.error?.code).toBe('SESSION_EXPIRED')
    expect(pending.error?.userMessage).toBe('Session Expired')
  })
})

describe('errors', () => {
  test.each([
    ['Signature declined', 'USER_REJECTED', 'Signature declined'],
    ['Requested RPC call is not allowed', 'RPC_NOT_ALLOWED', 'Action not allowed'],
    ['Network Not Found', 'EMBEDDED_NETWORK_NOT_FOUND', 'Network Not Found'],
    ['whatever else', 'EMBEDDED_WALLET_ERROR', 'An error occurred'],
  ])("parameters: the frame's '%s' reads as %s ('%s')", async (message, code, userMessage) => {
    const { client } = setup((request) =>
      request.type === 'RPC_REQUEST' ? { error: message } : undefined,
    )
    const pending = outcome(
      client.request('RPC_REQUEST', { chainId: 'eip155:1', method: 'personal_sign' }),
    )
    for (let step = 0; step < 20 && !pending.done; step += 1) await settle()
    expect(pending.error?.code).toBe(code)
    expect(pending.error?.userMessage).toBe(userMessage)
  })
})

describe('timeouts and cancellation', () => {
  test('behavior: §9 connect email, device, otp, social and redirect uri fail after 30 s without an answer, not before', async () => {
    const { env, client } = setup((request) =>
      request.type === 'IS_CONNECTED' ? { isConnected: false } : undefined,
    )
    await client.request('IS_CONNECTED', {})
    const waits = [
      outcome(client.request('CONNECT_EMAIL', { email: 'a@b.co' })),
      outcome(client.request('CONNECT_DEVICE', {})),
      outcome(client.request('CONNECT_OTP', { otp: '123456' })),
      outcome(client.request('CONNECT_SOCIAL', { uri: 'https://wallet.example/cb' })),
      outcome(client.request('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })),
    ]
    const untimed = outcome(
      client.request('RPC_REQUEST', { chainId: 'eip155:1', method: 'personal_sign' }),
    )
    await settle()
    env.advance(TIMINGS.embeddedFrameEventTimeoutMs - 1)
    await settle()
    expect(waits.map((wait) => wait.done)).toEqual([false, false, false, false, false])
    env.advance(1)
    await settle()
    expect(waits.map((wait) => wait.error?.userMessage)).toEqual(Array(5).fill('An error occurred'))
    // An approval waits on the visitor, who ends it by leaving.
    expect(untimed.done).toBe(false)
  })

  test("behavior: leaving aborts the request with 'Request was aborted' and its late answer is ignored", async () => {
    let answer: ((value: { action: 'VERIFY_OTP' }) => void) | undefined
    const { client } = setup(() => new Promise((resolve) => (answer = resolve)))
    const controller = new AbortController()
    const pending = outcome(client.request('CONNECT_EMAIL', { email: 'a@b.co' }, controller.signal))
    await settle()
    controller.abort()
    await settle()
    expect(pending.error?.code).toBe('CANCELLED')
    expect(pending.error?.userMessage).toBe('Request was aborted')
    answer?.({ action: 'VERIFY_OTP' })
    await settle()
    expect(pending.value).toBeUndefined()
  })

  test("behavior: a frame that never loads gives 'Unable to load email login dependency', and a later request tries again", async () => {
    const { env, frame, client } = setup(undefined, { neverReady: true })
    const pending = outcome(client.request('IS_CONNECTED', {}))
    env.advance(FRAME_LOAD_TIMEOUT_MS)
    await settle()
    expect(pending.error?.code).toBe('EMBEDDED_WALLET_LOAD_FAILED')
    expect(frame.attachedCount()).toBe(0)
    outcome(client.request('IS_CONNECTED', {}))
    expect(frame.attachedCount()).toBe(1)
  })

  test('behavior: the frame’s §8 error messages become their codes; the cooldown keeps its seconds', async () => {
    const errors: Partial<Record<string, string>> = {
      CONNECT_EMAIL: 'Please try again after 12 seconds',
      SWITCH_NETWORK: 'Network Not Found',
      RPC_REQUEST: 'Requested RPC call is not allowed',
      SIGN_OUT: 'boom <script>',
    }
    const { client } = setup((request) => ({ error: errors[request.type] ?? 'An error occurred' }))
    await expect(client.request('CONNECT_EMAIL', { email: 'a@b.co' })).rejects.toMatchObject({
      code: 'EMAIL_LOGIN_COOLDOWN',
      userMessage: 'Please try again after 12 seconds',
    })
    await expect(client.request('SWITCH_NETWORK', { chainId: 'eip155:5' })).rejects.toMatchObject({
      code: 'EMBEDDED_NETWORK_NOT_FOUND',
      userMessage: 'Network Not Found',
    })
    await expect(
      client.request('RPC_REQUEST', {
        chainId: 'eip155:1',
        method: 'personal_sign',
        restricted: true,
      }),
    ).rejects.toMatchObject({ code: 'RPC_NOT_ALLOWED', userMessage: 'Action not allowed' })
    // Unknown text is never shown to the visitor.
    await expect(client.request('SIGN_OUT', {})).rejects.toMatchObject({
      code: 'EMBEDDED_WALLET_ERROR',
      userMessage: 'An error occurred',
    })
  })

  test('behavior: destroy removes the frame and aborts what is pending', async () => {
    const { frame, client } = setup((request) =>
      request.type === 'IS_CONNECTED' ? { isConnected: true } : undefined,
    )
    await client.request('IS_CONNECTED', {})
    const pending = outcome(
      client.request('RPC_REQUEST', { chainId: 'eip155:1', method: 'personal_sign' }),
    )
    await settle()
    client.destroy()
    await settle()
    expect(pending.error?.userMessage).toBe('Request was aborted')
    expect(frame.attachedCount()).toBe(0)
  })
})

describe('approvals (decision 0716)', () => {
  /** A client with a pending personal_sign the frame has not answered, and its request. */
  async function signing(answer: FakeFrameHandler = () => undefined) {
    const made = setup((request) =>
      request.type === 'IS_CONNECTED' ? { isConnected: true } : answer(request),
    )
    await made.client.request('IS_CONNECTED', {})
    const seen: string[] = []
    made.client.watchEvents((event) => seen.push(event.type))
    const pending = outcome(
      made.client.request('RPC_REQUEST', { chainId: 'eip155:1', method: 'personal_sign' }),
    )
    await until(() => made.frame.received.some((request) => request.type === 'RPC_REQUEST'))
    const request = made.frame.received.find((entry) => entry.type === 'RPC_REQUEST')
    if (!request) throw new Error('the frame got no request')
    return { ...made, seen, pending, request }
  }
  const slot = { id: 'approve-transaction-slot' } as unknown as HTMLElement

  test('behavior: the frame shows over the slot the view hosts, takes the focus once, and goes when the request is answered', async () => {
    const { frame, client, seen, pending, request } = await signing()
    frame.post({ type: 'SHOW_APPROVAL', payload: { requestId: request.id } })
    await settle()
    // Nothing hosts it yet: out of sight, while the view's code may still be loading.
    expect(frame.isVisible()).toBe(false)
    const release = client.hostApproval(slot)
    expect(frame.shownOver()).toBe(slot)
    expect(frame.focusCount()).toBe(1)
    frame.post({ type: 'HIDE_APPROVAL', payload: { requestId: request.id } })
    await settle()
    expect(frame.isVisible()).toBe(false)
    frame.reply(request, { result: '0xsigned' })
    await settle()
    expect(pending.value).toEqual({ result: '0xsigned' })
    expect(seen).toEqual(['SHOW_APPROVAL', 'HIDE_APPROVAL'])
    release()
  })

  test('behavior: with no view hosting it, the frame shows centred on its own after a while (a page without the modal still gets its click), not before', async () => {
    const { env, frame, request } = await signing()
    frame.post({ type: 'SHOW_APPROVAL', payload: { requestId: request.id } })
    await settle()
    env.advance(APPROVAL_HOST_WAIT_MS - 1)
    expect(frame.isVisible()).toBe(false)
    env.advance(1)
    expect(frame.isVisible()).toBe(true)
    expect(frame.shownOver()).toBe(null)
  })

  test('behavior: a view that goes away takes the frame out of sight at once', async () => {
    const { frame, client, request } = await signing()
    frame.post({ type: 'SHOW_APPROVAL', payload: { requestId: request.id } })
    await settle()
    const release = client.hostApproval(slot)
    expect(frame.isVisible()).toBe(true)
    release()
    expect(frame.isVisible()).toBe(false)
  })

  test('behavior: a timed request (social login) does not time out while the frame waits for the visitor’s click for it (a new wallet’s passkey); given back, it has its 30 s again', async () => {
    const { env, frame, client } = setup((request) =>
      request.type === 'IS_CONNECTED' ? { isConnected: true } : undefined,
    )
    await client.request('IS_CONNECTED', {})
    const social = outcome(client.request('CONNECT_SOCIAL', { uri: 'https://wallet.example/cb' }))
    await until(() => frame.received.some((request) => request.type === 'CONNECT_SOCIAL'))
    const request = frame.received.find((entry) => entry.type === 'CONNECT_SOCIAL')
    if (!request) throw new Error('the frame got no request')
    env.advance(10_000)
    frame.post({ type: 'SHOW_APPROVAL', payload: { requestId: request.id } })
    await settle()
    env.advance(5 * TIMINGS.embeddedFrameEventTimeoutMs)
    await settle()
    expect(social.done).toBe(false)
    frame.post({ type: 'HIDE_APPROVAL', payload: { requestId: request.id } })
    await settle()
    env.advance(TIMINGS.embeddedFrameEventTimeoutMs - 1)
    await settle()
    expect(social.done).toBe(false)
    env.advance(1)
    await until(() => social.done)
    expect(social.error?.userMessage).toBe('An error occurred')
  })

  test('behavior: a slot hosted twice (a view mounted twice, as StrictMode does) keeps the frame when the first hosting is released', async () => {
    const { frame, client, request } = await signing()
    frame.post({ type: 'SHOW_APPROVAL', payload: { requestId: request.id } })
    await settle()
    const first = client.hostApproval(slot)
    const second = client.hostApproval(slot)
    first()
    expect(frame.shownOver()).toBe(slot)
    second()
    expect(frame.isVisible()).toBe(false)
  })

  test('behavior: an approval for a request the kit is not waiting on shows nothing and is not reported', async () => {
    const { frame, client, seen } = await signing()
    client.hostApproval(slot)
    frame.post({ type: 'SHOW_APPROVAL', payload: { requestId: crypto.randomUUID() } })
    frame.post({ type: 'HIDE_APPROVAL', payload: { requestId: crypto.randomUUID() } })
    await settle()
    expect(frame.isVisible()).toBe(false)
    expect(seen).toEqual([])
  })

  test('behavior: leaving hides the frame at once and asks it to dismiss; its decline reaches the page as USER_REJECTED', async () => {
    let decline: (() => void) | undefined
    const { frame, client, pending, request } = await signing((asked) => {
      if (asked.type === 'DISMISS_APPROVAL') {
        decline?.()
        return { dismissed: true }
      }
      return undefined
    })
    decline = () => frame.reply(request, { message: 'Signature declined' }, 'ERROR')
    frame.post({ type: 'SHOW_APPROVAL', payload: { requestId: request.id } })
    await settle()
    client.hostApproval(slot)
    client.dismissApproval(request.id)
    expect(frame.isVisible()).toBe(false)
    await until(() => pending.done)
    expect(frame.received.find((entry) => entry.type === 'DISMISS_APPROVAL')?.payload).toEqual({
      requestId: request.id,
    })
    expect(pending.error?.code).toBe('USER_REJECTED')
    expect(pending.error?.userMessage).toBe('Signature declined')
  })

  test('behavior: a click in the frame that came before the dismissal stands (the frame dismissed nothing)', async () => {
    const { frame, client, pending, request } = await signing((asked) =>
      asked.type === 'DISMISS_APPROVAL' ? { dismissed: false } : undefined,
    )
    frame.post({ type: 'SHOW_APPROVAL', payload: { requestId: request.id } })
    await settle()
    client.dismissApproval(request.id)
    await until(() => frame.received.some((entry) => entry.type === 'DISMISS_APPROVAL'))
    await settle()
    expect(pending.done).toBe(false)
    frame.reply(request, { result: '0xsigned' })
    await until(() => pending.done)
    expect(pending.value).toEqual({ result: '0xsigned' })
  })

  test('behavior: a frame that never confirms the dismissal has the request declined by the kit after its bound, not before', async () => {
    const { env, frame, client, pending, request } = await signing()
    frame.post({ type: 'SHOW_APPROVAL', payload: { requestId: request.id } })
    await settle()
    client.dismissApproval(request.id)
    await until(() => frame.received.some((entry) => entry.type === 'DISMISS_APPROVAL'))
    env.advance(APPROVAL_DISMISS_TIMEOUT_MS - 1)
    await settle()
    expect(pending.done).toBe(false)
    env.advance(1)
    await until(() => pending.done)
    expect(pending.error?.code).toBe('USER_REJECTED')
  })
})
