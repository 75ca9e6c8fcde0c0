import { describe, expect, test } from 'vitest'
import { EMBEDDED_SOCIAL_PROVIDERS, frameReadySchema, frameUrl } from './embeddedWalletHandshake.js'
import {
  FRAME_REQUEST_TYPES,
  parseFrameEvent,
  parseFrameReply,
  parseFrameRequest,
} from './embeddedWalletProtocol.js'

const id = '3f1c2a4e-9b7d-4c1e-8a2f-0d6b5e4c3a21'

describe('requests', () => {
  test('default: a request of every §7 type with its payload passes', () => {
    const payloads: Record<string, unknown> = {
      SWITCH_NETWORK: { chainId: 'eip155:1' },
      CONNECT_EMAIL: { email: 'a@b.co' },
      CONNECT_OTP: { otp: '123456' },
      CONNECT_SOCIAL: { uri: 'https://wallet.example/social/callback?code=x&state=y' },
      GET_SOCIAL_REDIRECT_URI: { provider: 'github' },
      RPC_REQUEST: { chainId: 'eip155:31337', method: 'eth_chainId', params: [] },
      UPDATE_EMAIL: { email: 'new@b.co' },
      UPDATE_EMAIL_PRIMARY_OTP: { otp: '1' },
      UPDATE_EMAIL_SECONDARY_OTP: { otp: '2' },
      SYNC_THEME: { themeMode: 'dark' },
      SYNC_DAPP_DATA: { projectId: 'p', sdkVersion: '0.1.0' },
      SET_PREFERRED_ACCOUNT: { type: 'eoa' },
      DISMISS_APPROVAL: { requestId: id },
    }
    for (const type of FRAME_REQUEST_TYPES) {
      const request = parseFrameRequest({ id, type, payload: payloads[type] ?? {} })
      expect(request?.type, type).toBe(type)
    }
    // §7's twenty, the export the frame shows itself (decision 0715) and the dismissal of what it
    // shows when the visitor leaves the modal's ApproveTransaction view (decision 0716).
    expect(FRAME_REQUEST_TYPES).toHaveLength(22)
  })

  test('behavior: §5 an invalid email, a number as otp, an unknown type or a non-uuid id are refused', () => {
    expect(
      parseFrameRequest({ id, type: 'CONNECT_EMAIL', payload: { email: 'nope' } }),
    ).toBeUndefined()
    expect(parseFrameRequest({ id, type: 'CONNECT_OTP', payload: { otp: 123456 } })).toBeUndefined()
    expect(parseFrameRequest({ id, type: 'EXPORT_SEED', payload: {} })).toBeUndefined()
    expect(parseFrameRequest({ id: '1', type: 'GET_USER', payload: {} })).toBeUndefined()
    expect(parseFrameRequest({ id, type: 'toString', payload: {} })).toBeUndefined()
    expect(
      parseFrameRequest({ id, type: 'SWITCH_NETWORK', payload: { chainId: 'eip155' } }),
    ).toBeUndefined()
  })
})

describe('replies', () => {
  test('behavior: a SUCCESS reply is checked against its request type', () => {
    expect(
      parseFrameReply(
        { id, type: 'CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } },
        'CONNECT_EMAIL',
      ),
    ).toEqual({ id, type: 'CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
    expect(
      parseFrameReply(
        { id, type: 'CONNECT_EMAIL_SUCCESS', payload: { action: 'SIGN' } },
        'CONNECT_EMAIL',
      ),
    ).toBeUndefined()
    // A reply naming another request's type does not answer this one.
    expect(
      parseFrameReply({ id, type: 'SIGN_OUT_SUCCESS', payload: {} }, 'CONNECT_EMAIL'),
    ).toBeUndefined()
  })

  test('behavior: an ERROR reply carries a message', () => {
    expect(
      parseFrameReply(
        { id, type: 'GET_USER_ERROR', payload: { message: 'Session Expired' } },
        'GET_USER',
      ),
    ).toEqual({ id, type: 'GET_USER_ERROR', payload: { message: 'Session Expired' } })
    expect(parseFrameReply({ id, type: 'GET_USER_ERROR', payload: {} }, 'GET_USER')).toBeUndefined()
  })

  test('behavior: a user with no accounts or an account type the frame cannot have is refused', () => {
    const user = {
      address: '0xab',
      chainId: 'eip155:1',
      accounts: [{ address: '0xab', type: 'eoa' }],
    }
    expect(
      parseFrameReply({ id, type: 'GET_USER_SUCCESS', payload: user }, 'GET_USER'),
    ).toBeDefined()
    expect(
      parseFrameReply(
        { id, type: 'GET_USER_SUCCESS', payload: { ...user, accounts: [] } },
        'GET_USER',
      ),
    ).toBeUndefined()
    expect(
      parseFrameReply(
        {
          id,
          type: 'GET_USER_SUCCESS',
          payload: { ...user, accounts: [{ address: '0xab', type: 'payment' }] },
        },
        'GET_USER',
      ),
    ).toBeUndefined()
  })

  test('behavior: a user may name the §3 social provider its session logged in with; an unknown one is refused', () => {
    const user = {
      address: '0xab',
      chainId: 'eip155:1',
      accounts: [{ address: '0xab', type: 'eoa' }],
    }
    const reply = (socialProvider: unknown) =>
      parseFrameReply(
        { id, type: 'GET_USER_SUCCESS', payload: { ...user, socialProvider } },
        'GET_USER',
      )
    for (const provider of EMBEDDED_SOCIAL_PROVIDERS) {
      expect(reply(provider)?.payload, provider).toMatchObject({ socialProvider: provider })
    }
    for (const stranger of ['myspace', 'Google', '', null, 1]) {
      expect(reply(stranger), String(stranger)).toBeUndefined()
    }
  })
})

test('behavior: frame events have no id and a known type', () => {
  expect(parseFrameEvent({ type: 'SHOW_APPROVAL', payload: { requestId: id } })).toEqual({
    type: 'SHOW_APPROVAL',
    payload: { requestId: id },
  })
  expect(parseFrameEvent({ id, type: 'SESSION_EXPIRED', payload: {} })).toBeUndefined()
  expect(parseFrameEvent({ type: 'GET_USER', payload: {} })).toBeUndefined()
})

test('default: handshake and frame address', () => {
  expect(frameReadySchema.safeParse({ type: '@gangway/frame-ready', version: 1 }).success).toBe(
    true,
  )
  expect(frameReadySchema.safeParse({ type: '@gangway/frame-ready', version: 2 }).success).toBe(
    false,
  )
  expect(
    frameUrl('https://wallet.example', { site: 'https://shop.example:8443', projectId: 'p 1' }),
  ).toBe(
    'https://wallet.example/embedded/frame?site=https%3A%2F%2Fshop.example%3A8443&projectId=p+1',
  )
})
