/**
 * The frame's handler of the §7 protocol, over a real MessageChannel, against the real wallet
 * origin and a local anvil: an email login through the protocol, safe methods to the node,
 * unsafe ones only after the visitor's approval (refused in a restricted context), a transaction
 * signed in the frame and mined, and messages that are no valid request (or a handshake from
 * another origin) changing nothing.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { createWalletClient, http, parseEther, verifyMessage } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createFrameApi, type FrameApi } from '../../server/embedded/frame/api.js'
import { type FrameLanguage, frameLanguage } from '../../server/embedded/frame/copy.js'
import { mnemonicOf } from '../../server/embedded/frame/custody.js'
import { approvalDialog, type DialogContent } from '../../server/embedded/frame/dialogs.js'
import { createFrameHandler } from '../../server/embedded/frame/handler.js'
import { listenForConnect } from '../../server/embedded/frame/handshake.js'
import { createStoredWallet, unlockWallet } from '../../server/embedded/frame/wallet.js'
import type { FrameBoot } from '../../server/embedded/pages.js'
import type { RunningServer } from '../../server/startServer.js'
import {
  FRAME_REQUEST_TYPES,
  type FrameRequestType,
  parseFrameReply,
} from '../../src/services/gangway/embeddedWalletProtocol.js'
import { type AnvilNode, startAnvil } from '../../src/testing/nodes/anvil.js'
import { ANVIL_KEYS, localChain } from '../support/eip155.js'
import {
  embeddedConfig,
  type MailCapture,
  PROJECT,
  SITE,
  startEmbeddedServer,
  startMailCapture,
} from './support/embedded.js'
import { createTestStorage, type TestStorage } from './support/harness.js'

describe('the frame on its port', () => {
  let mail: MailCapture
  let storage: TestStorage
  let anvil: AnvilNode
  let server: RunningServer & { walletOrigin: { url: string } }
  let api: FrameApi
  let chainId: string
  const prf = new Uint8Array(randomBytes(32))
  /**
   * The visitor's next answers to approvals; every approval shown is recorded. `'late'` waits
   * until the kit dismisses the approval, then answers yes (a click racing the dismissal).
   */
  const answers: (boolean | 'late')[] = []
  let unlocks = 0
  const approvals: string[] = []
  const events: { type: string }[] = []
  const shownPhrases: string[] = []
  let kit: MessagePort
  let restricted = false
  let clock = Date.now()
  /** The language the frame page draws its dialogs in, as the handler sets it. */
  let language: FrameLanguage = frameLanguage(['en'])
  /** Every approval dialog shown, drawn in whichever language is current. */
  const dialogs: DialogContent[] = []

  const request = (type: string, payload: unknown = {}) =>
    new Promise<{ type: string; payload: Record<string, unknown> }>((resolve) => {
      const id = randomUUID()
      const listener = (event: MessageEvent) => {
        const data = event.data as { id?: string; type: string; payload: Record<string, unknown> }
        if (data.id === id) {
          kit.removeEventListener('message', listener as never)
          resolve(data)
        }
      }
      kit.addEventListener('message', listener as never)
      kit.postMessage({ id, type, payload })
    })

  beforeAll(async () => {
    mail = await startMailCapture()
    storage = await createTestStorage('pglite')
    anvil = await startAnvil()
    chainId = `eip155:${anvil.chainId}`
    server = await startEmbeddedServer(
      storage,
      embeddedConfig(mail.port, { networks: [{ id: chainId, rpcUrl: anvil.url }] }),
      // The server's clock: each test starts past the one-mail-per-30 s cooldown of the last.
      { now: () => clock },
    )
    const origin = server.walletOrigin.url
    api = createFrameApi({
      walletOrigin: origin,
      projectId: PROJECT,
      site: SITE,
      device: randomBytes(32).toString('base64url'),
      extraHeaders: { origin },
    })
    const boot: FrameBoot = {
      walletOrigin: origin,
      projectId: PROJECT,
      site: SITE,
      restricted: false,
      networks: [{ id: chainId, rpcUrl: anvil.url }],
      socials: [],
    }
    const handler = createFrameHandler({
      boot,
      api,
      saveToken: () => undefined,
      unlock: (userId) => {
        unlocks += 1
        return unlockWallet(api, prf, userId)
      },
      createWallet: async (userId) => (await createStoredWallet(api, prf, userId)).accounts,
      approve: async (shown, signal) => {
        approvals.push(shown.method)
        dialogs.push(approvalDialog(shown))
        const answer = answers.shift() ?? false
        if (answer !== 'late') return answer
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))
        return true
      },
      reload: () => undefined,
      // The visitor looks at the phrase the frame shows them (and nowhere else).
      exportWallet: async (_userId, unlock) => {
        const entropy = await unlock()
        shownPhrases.push(mnemonicOf(entropy))
        entropy.fill(0)
      },
      secret: () => randomBytes(32).toString('base64url'),
      sha256Hex: async (text) => createHash('sha256').update(text).digest('hex'),
      setLanguage: (next) => {
        language = next
      },
    })
    const channel = new MessageChannel()
    handler.attach(channel.port2)
    kit = channel.port1
    kit.addEventListener('message', ((event: MessageEvent) => {
      if (!(event.data as { id?: string }).id) events.push(event.data as { type: string })
    }) as never)
    kit.start()
    const email = 'frame@mail.test'
    expect(await request('CONNECT_EMAIL', { email })).toMatchObject({
      type: 'CONNECT_EMAIL_SUCCESS',
      payload: { action: 'VERIFY_OTP' },
    })
    expect((await request('CONNECT_OTP', { otp: await mail.nextCode(email) })).type).toBe(
      'CONNECT_OTP_SUCCESS',
    )
    restricted = false
  }, 90_000)
  afterAll(async () => {
    kit?.close()
    await server?.close()
    await anvil?.stop()
    await mail?.close()
    storage?.remove()
  })
  beforeEach(() => {
    clock += 60_000
    approvals.length = 0
    events.length = 0
    expect(restricted).toBe(false)
  })

  const user = async () => {
    const answer = await request('GET_USER', { chainId })
    expect(answer.type).toBe('GET_USER_SUCCESS')
    return answer.payload as { address: `0x${string}`; email: string }
  }

  test('GET_USER answers the §3 user with the wallet made at first login', async () => {
    const first = await user()
    // Creating the wallet needs the visitor's click in the frame (a passkey): the frame asked to
    // be shown for it, and hidden after.
    expect(events.map((event) => event.type)).toEqual(['SHOW_APPROVAL', 'HIDE_APPROVAL'])
    events.length = 0
    expect(first).toMatchObject({ email: 'frame@mail.test', chainId })
    expect(first.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect((await user()).address).toBe(first.address)
    // A wallet that exists is read without showing anything.
    expect(events).toEqual([])
    expect((await request('IS_CONNECTED')).payload).toEqual({ isConnected: true })
    expect((await request('GET_CHAIN_ID')).payload).toEqual({ chainId })
  })

  test('EXPORT_WALLET shows the phrase in the frame after the passkey again; the reply carries none of it', async () => {
    const { address } = await user()
    events.length = 0
    const answer = await request('EXPORT_WALLET')
    expect(answer).toMatchObject({ type: 'EXPORT_WALLET_SUCCESS', payload: {} })
    expect(JSON.stringify(answer)).not.toMatch(/\b[a-z]+ [a-z]+ [a-z]+\b/)
    expect(events.map((event) => event.type)).toEqual(['SHOW_APPROVAL', 'HIDE_APPROVAL'])
    const [phrase] = shownPhrases
    expect(phrase?.split(' ')).toHaveLength(24)
    expect(mnemonicToAccount(phrase ?? '').address).toBe(address)
  })

  test("safe methods go to the node; a network not configured is 'Network Not Found'", async () => {
    expect(await request('RPC_REQUEST', { chainId, method: 'eth_chainId', params: [] })).toEqual(
      expect.objectContaining({
        type: 'RPC_REQUEST_SUCCESS',
        payload: { result: `0x${anvil.chainId.toString(16)}` },
      }),
    )
    expect(
      await request('RPC_REQUEST', { chainId: 'eip155:999', method: 'eth_chainId', params: [] }),
    ).toMatchObject({ type: 'RPC_REQUEST_ERROR', payload: { message: 'Network Not Found' } })
    expect((await request('SWITCH_NETWORK', { chainId: 'eip155:999' })).payload.message).toBe(
      'Network Not Found',
    )
    expect(
      (await request('RPC_REQUEST', { chainId, method: 'eth_sign', params: [] })).payload.message,
    ).toBe('Requested RPC call is not allowed')
    expect(approvals).toEqual([])
  })

  test('personal_sign waits for the visitor: approved it is a real signature, refused it is declined', async () => {
    const { address } = await user()
    answers.push(true)
    const signed = await request('RPC_REQUEST', {
      chainId,
      method: 'personal_sign',
      params: ['hello from the site', address],
    })
    expect(signed.type).toBe('RPC_REQUEST_SUCCESS')
    expect(approvals).toEqual(['personal_sign'])
    expect(events.map((event) => event.type)).toEqual(['SHOW_APPROVAL', 'HIDE_APPROVAL'])
    expect(
      await verifyMessage({
        address,
        message: 'hello from the site',
        signature: signed.payload.result as `0x${string}`,
      }),
    ).toBe(true)
    answers.push(false)
    expect(
      await request('RPC_REQUEST', {
        chainId,
        method: 'personal_sign',
        params: ['again', address],
      }),
    ).toMatchObject({ type: 'RPC_REQUEST_ERROR', payload: { message: 'Signature declined' } })
  })

  test('a German kit (SYNC_THEME with its locale) gets the approval in German, what the frame read from the request too (decimal comma); a language the frame does not speak reads English, what is no language tag changes nothing', async () => {
    const { address } = await user()
    expect(await request('SYNC_THEME', { themeMode: 'light', locale: 'de' })).toMatchObject({
      type: 'SYNC_THEME_SUCCESS',
    })
    answers.push(false)
    await request('RPC_REQUEST', { chainId, method: 'personal_sign', params: ['hallo', address] })
    const shown = dialogs.at(-1)!(language)
    expect(shown.title).toBe(`${SITE} fragt: personal_sign`)
    expect(shown.detail).toContain(`Netzwerk: ${chainId}`)
    expect(shown.buttons.map((button) => button.label)).toEqual(['Genehmigen', 'Ablehnen'])
    // What the frame read from the request reads German too; the message stays the site's.
    expect(shown.detail.split('\n').slice(0, 2)).toEqual(['Diese Nachricht signieren:', 'hallo'])
    const receiver = privateKeyToAccount(ANVIL_KEYS[1]!).address
    answers.push(false)
    await request('RPC_REQUEST', {
      chainId,
      method: 'eth_sendTransaction',
      params: [{ to: receiver, value: '0x2386f26fc10000' }],
    })
    expect(dialogs.at(-1)!(language).detail.split('\n')[0]).toBe(`0,01 ETH an ${receiver} senden`)
    // Something that is no language tag is no valid request: no answer, the language stays.
    const bad = randomUUID()
    kit.postMessage({
      id: bad,
      type: 'SYNC_THEME',
      payload: { themeMode: 'light', locale: '<b>x</b>' },
    })
    expect((await request('GET_CHAIN_ID')).type).toBe('GET_CHAIN_ID_SUCCESS')
    expect(language.tag).toBe('de')
    await request('SYNC_THEME', { themeMode: 'light', locale: 'zh-TW' })
    expect(dialogs.at(-1)!(language).buttons.map((button) => button.label)).toEqual([
      'Approve',
      'Reject',
    ])
    await request('SYNC_THEME', { themeMode: 'light', locale: 'ar' })
    expect(language.dir).toBe('rtl')
    await request('SYNC_THEME', { themeMode: 'light', locale: 'en' })
  })

  test('DISMISS_APPROVAL (the visitor left the view showing the frame) declines the request it names: the dialog goes, nothing is signed, a late click counts for nothing', async () => {
    const { address } = await user()
    events.length = 0
    unlocks = 0
    answers.push('late')
    const id = randomUUID()
    const asked = new Promise<{ type: string; payload: Record<string, unknown> }>((resolve) => {
      const listener = (event: MessageEvent) => {
        if ((event.data as { id?: string }).id !== id) return
        kit.removeEventListener('message', listener as never)
        resolve(event.data)
      }
      kit.addEventListener('message', listener as never)
    })
    kit.postMessage({
      id,
      type: 'RPC_REQUEST',
      payload: { chainId, method: 'personal_sign', params: ['leave', address] },
    })
    await expect.poll(() => events.map((event) => event.type)).toEqual(['SHOW_APPROVAL'])
    // Another request's id dismisses nothing.
    expect(await request('DISMISS_APPROVAL', { requestId: randomUUID() })).toMatchObject({
      type: 'DISMISS_APPROVAL_SUCCESS',
      payload: { dismissed: false },
    })
    expect(await request('DISMISS_APPROVAL', { requestId: id })).toMatchObject({
      type: 'DISMISS_APPROVAL_SUCCESS',
      payload: { dismissed: true },
    })
    expect(await asked).toMatchObject({
      type: 'RPC_REQUEST_ERROR',
      payload: { message: 'Signature declined' },
    })
    expect(events.map((event) => event.type)).toEqual(['SHOW_APPROVAL', 'HIDE_APPROVAL'])
    // The keys were never opened for it, and a second dismissal finds nothing shown.
    expect(unlocks).toBe(0)
    expect((await request('DISMISS_APPROVAL', { requestId: id })).payload).toEqual({
      dismissed: false,
    })
  })

  test("§6: permissions and user operations (smart accounts, a later issue) are refused with 'Requested RPC call is not allowed', nothing shown", async () => {
    for (const method of [
      'wallet_grantPermissions',
      'wallet_revokePermissions',
      'eth_sendUserOperation',
    ]) {
      expect(await request('RPC_REQUEST', { chainId, method, params: [] }), method).toMatchObject({
        type: 'RPC_REQUEST_ERROR',
        payload: { message: 'Requested RPC call is not allowed' },
      })
    }
    expect(approvals).toEqual([])
    expect(events).toEqual([])
  })

  test("§6: in a restricted context unsafe methods read 'Requested RPC call is not allowed' and show nothing", async () => {
    const { address } = await user()
    answers.push(true)
    expect(
      await request('RPC_REQUEST', {
        chainId,
        method: 'personal_sign',
        params: ['x', address],
        restricted: true,
      }),
    ).toMatchObject({
      type: 'RPC_REQUEST_ERROR',
      payload: { message: 'Requested RPC call is not allowed' },
    })
    expect(approvals).toEqual([])
    answers.length = 0
  })

  test('§5: wallet_sendCalls calls need to and data starting with 0x; valid calls are signed in the frame and mined', async () => {
    const { address } = await user()
    for (const call of [
      { to: address, data: 'deadbeef' },
      { to: address.slice(2), data: '0x' },
      { to: address },
    ]) {
      const bad = await request('RPC_REQUEST', {
        chainId,
        method: 'wallet_sendCalls',
        params: [{ calls: [call] }],
      })
      expect(bad.type, JSON.stringify(call)).toBe('RPC_REQUEST_ERROR')
    }
    expect(approvals).toEqual([])

    const funder = createWalletClient({
      account: privateKeyToAccount(ANVIL_KEYS[0]!),
      chain: localChain(anvil.chainId, anvil.url),
      transport: http(anvil.url),
    })
    await funder.sendTransaction({ to: address, value: parseEther('1') })
    const receiver = privateKeyToAccount(ANVIL_KEYS[1]!).address
    answers.push(true)
    const sent = await request('RPC_REQUEST', {
      chainId,
      method: 'wallet_sendCalls',
      params: [{ calls: [{ to: receiver, data: '0x', value: '0x2386f26fc10000' }] }],
    })
    expect(sent.type).toBe('RPC_REQUEST_SUCCESS')
    const hash = (sent.payload.result as { id: string }).id
    // wallet_sendCalls answers with the id once the node took the transaction, not once it mined.
    const receiptOf = async () =>
      (
        await request('RPC_REQUEST', {
          chainId,
          method: 'eth_getTransactionReceipt',
          params: [hash],
        })
      ).payload.result as { status: string; from: string } | null
    await expect.poll(async () => (await receiptOf())?.status, { timeout: 15_000 }).toBe('0x1')
    const receipt = (await receiptOf()) as { from: string }
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
  })

  test('messages that are no valid request get no answer and change nothing', async () => {
    const before = await user()
    const seen: unknown[] = []
    const spy = (event: MessageEvent) => seen.push(event.data)
    kit.addEventListener('message', spy as never)
    for (const junk of [
      null,
      'SIGN_OUT',
      { type: 'SIGN_OUT', payload: {} },
      { id: 'not-a-uuid', type: 'SIGN_OUT', payload: {} },
      { id: randomUUID(), type: 'NOT_A_TYPE', payload: {} },
      { id: randomUUID(), type: 'CONNECT_EMAIL', payload: { email: 'not-an-email' } },
      { id: randomUUID(), type: 'CONNECT_OTP', payload: { otp: 123456 } },
    ]) {
      kit.postMessage(junk)
    }
    // A valid request after them is answered, and only it.
    expect((await request('IS_CONNECTED')).payload).toEqual({ isConnected: true })
    kit.removeEventListener('message', spy as never)
    expect(seen).toHaveLength(1)
    expect((await user()).address).toBe(before.address)
  })

  test('§4 email update through the frame: a code to the current address (VERIFY_PRIMARY_OTP), then one to the new (VERIFY_SECONDARY_OTP), and the §3 user reads the new address', async () => {
    const before = (await user()).email
    const next = `moved-${Date.now()}@mail.test`
    expect(await request('UPDATE_EMAIL', { email: next })).toMatchObject({
      type: 'UPDATE_EMAIL_SUCCESS',
      payload: { action: 'VERIFY_PRIMARY_OTP' },
    })
    const primary = await mail.nextCode(before)
    expect(await request('UPDATE_EMAIL_PRIMARY_OTP', { otp: '000000' })).toMatchObject({
      type: 'UPDATE_EMAIL_PRIMARY_OTP_ERROR',
    })
    expect((await request('UPDATE_EMAIL_PRIMARY_OTP', { otp: primary })).type).toBe(
      'UPDATE_EMAIL_PRIMARY_OTP_SUCCESS',
    )
    expect(await request('UPDATE_EMAIL_SECONDARY_OTP', { otp: await mail.nextCode(next) })).toEqual(
      expect.objectContaining({
        type: 'UPDATE_EMAIL_SECONDARY_OTP_SUCCESS',
        payload: { email: next },
      }),
    )
    expect((await user()).email).toBe(next)
  })

  test('§7: every request type, valid, gets exactly one reply with its id: its SUCCESS or its ERROR, whose payload the kit’s schema accepts (sign-out last)', async () => {
    const payloads: Partial<Record<FrameRequestType, unknown>> = {
      SWITCH_NETWORK: { chainId },
      CONNECT_EMAIL: { email: `every-${Date.now()}@mail.test` },
      CONNECT_OTP: { otp: '000000' },
      CONNECT_SOCIAL: { uri: `${server.walletOrigin.url}/embedded/social/callback?state=forged` },
      GET_SOCIAL_REDIRECT_URI: { provider: 'google' },
      GET_USER: { chainId },
      RPC_REQUEST: { chainId, method: 'eth_blockNumber', params: [] },
      UPDATE_EMAIL: { email: `new-${Date.now()}@mail.test` },
      UPDATE_EMAIL_PRIMARY_OTP: { otp: '000000' },
      UPDATE_EMAIL_SECONDARY_OTP: { otp: '000000' },
      SYNC_THEME: { themeMode: 'dark' },
      SYNC_DAPP_DATA: { projectId: PROJECT, sdkVersion: '0.1.0' },
      SET_PREFERRED_ACCOUNT: { type: 'eoa' },
      DISMISS_APPROVAL: { requestId: randomUUID() },
    }
    const types = [
      ...FRAME_REQUEST_TYPES.filter((type) => type !== 'SIGN_OUT'),
      'SIGN_OUT',
    ] as const
    const seen: unknown[] = []
    const spy = (event: MessageEvent) => {
      if ((event.data as { id?: string }).id) seen.push(event.data)
    }
    kit.addEventListener('message', spy as never)
    for (const type of types) {
      const reply = await request(type, payloads[type] ?? {})
      expect([`${type}_SUCCESS`, `${type}_ERROR`], type).toContain(reply.type)
      expect(parseFrameReply(reply, type), type).toBeDefined()
    }
    kit.removeEventListener('message', spy as never)
    expect(seen).toHaveLength(types.length)
    // SIGN_OUT, last, was carried out: the session is gone.
    expect((await request('IS_CONNECTED')).payload).toEqual({ isConnected: false })
  })

  test('the handshake takes a port only from the exact site in the parent window', () => {
    const listeners = new Set<(event: MessageEvent) => void>()
    const posted: [unknown, string][] = []
    const parent = {
      postMessage: (message: unknown, target: string) => posted.push([message, target]),
    }
    const ports: MessagePort[] = []
    listenForConnect(
      {
        parent,
        addEventListener: (_type, listener) => listeners.add(listener),
        removeEventListener: (_type, listener) => listeners.delete(listener),
      },
      SITE,
      (port) => ports.push(port),
    )
    expect(posted).toEqual([[{ type: '@gangway/frame-ready', version: 1 }, SITE]])
    const channel = new MessageChannel()
    const connect = { type: '@gangway/frame-connect', version: 1 }
    const deliver = (event: Partial<MessageEvent>) => {
      for (const listener of [...listeners]) listener(event as MessageEvent)
    }
    deliver({
      origin: 'https://evil.example',
      source: parent as never,
      data: connect,
      ports: [channel.port1],
    })
    deliver({ origin: SITE, source: {} as never, data: connect, ports: [channel.port1] })
    deliver({
      origin: SITE,
      source: parent as never,
      data: { type: 'other' },
      ports: [channel.port1],
    })
    expect(ports).toEqual([])
    deliver({ origin: SITE, source: parent as never, data: connect, ports: [channel.port1] })
    expect(ports).toEqual([channel.port1])
    // Once: a second connect is not listened to.
    deliver({ origin: SITE, source: parent as never, data: connect, ports: [channel.port2] })
    expect(ports).toHaveLength(1)
    channel.port1.close()
  })
})
