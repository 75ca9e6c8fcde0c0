import { describe, expect, test } from 'vitest'
import { createTestKit } from '../../../test/support/createTestKit.js'
import { snackText, withFeatures } from '../../../test/support/events.js'
import { toyAddress, toyChain, toySiwx } from '../../../test/support/toyChain.js'
import {
  type Kit,
  type SiwxMessageFields,
  type SiwxSession,
  STORAGE_PREFIX,
  selectConnectionStatus,
} from '../../kernel/index.js'
import { featureConformance } from '../../testing/conformance.js'
import { createVirtualEnv, settle, type VirtualEnv } from '../../testing/index.js'
import { siwx } from './feature.js'
import { createSiwxModule } from './module.js'
import type { SiwxParameters } from './parameters.js'
import { siwxOf } from './siwxOf.js'

const SITE = { domain: 'site.example', uri: 'https://site.example' } as const
/** The virtual env's start: 2026-01-01T00:00:00Z. */
const START = Date.UTC(2026, 0, 1)
const HOUR = 60 * 60_000
const KEY = `${STORAGE_PREFIX}siwxSessions`

const family = toySiwx('toychain', async () => {
  throw new Error('not used')
})

/** A session the toy family accepts (or not, with `signature`), as the toy wallet signs it. */
function toySession(
  seed = 1,
  overrides: Partial<SiwxMessageFields> = {},
  signature?: string,
): SiwxSession {
  const data: SiwxMessageFields = {
    accountAddress: toyAddress(seed),
    chainId: 'toychain:main',
    domain: SITE.domain,
    uri: SITE.uri,
    version: '1',
    nonce: 'abcdefgh1234',
    issuedAt: new Date(START).toISOString(),
    expirationTime: new Date(START + 2 * HOUR).toISOString(),
    ...overrides,
  }
  const message = family.createMessage(data)
  return {
    data,
    message,
    signature: signature ?? `toysig:${data.chainId}:${data.accountAddress}:${message.length}`,
  }
}

type SiwxKit = Kit<readonly [ReturnType<typeof siwx>]>

function kitWith(
  options: {
    required?: boolean
    parameters?: SiwxParameters
    env?: VirtualEnv
    accounts?: { address: string; balance: string }[]
  } = {},
) {
  const { kit, env, wallet } = createTestKit({
    ...(options.env ? { env: options.env } : {}),
    ...(options.accounts ? { accounts: options.accounts } : {}),
    kit: {
      features: [siwx({ required: options.required ?? true, ...SITE, ...options.parameters })],
    },
  })
  return { kit: kit as unknown as SiwxKit, env, wallet }
}

async function connected(kit: SiwxKit) {
  kit.open()
  await kit.connect({ connectorId: 'toywallet' })
  await settle()
  await settle()
}

describe('§4 SIWX', () => {
  test('behavior: required and no session: SIWXSignMessage opens after connect; closing shakes; signing in closes it', async () => {
    const { kit, wallet } = kitWith()
    await connected(kit)
    expect(kit.getState().router.view).toBe('SIWXSignMessage')
    kit.close()
    expect(kit.getState().modal).toMatchObject({ isOpen: true, isShaking: true })
    const session = await kit.features.siwx.signIn()
    expect(kit.getState().modal.isOpen).toBe(false)
    expect(session.data).toMatchObject({ domain: 'site.example', accountAddress: toyAddress(1) })
    expect(wallet.signed).toEqual([session.message])
    expect(kit.getState().siwx?.sessions).toEqual([session])
  })

  test('behavior: while signing the snack reads Authenticating...; a refusal in the wallet reads Signature declined and stores nothing', async () => {
    const { kit, wallet, env } = kitWith()
    await connected(kit)
    wallet.features.signError = 'reject'
    await expect(kit.features.siwx.signIn()).rejects.toMatchObject({ code: 'USER_REJECTED' })
    env.advance(200)
    expect(snackText(kit.getState())).toBe('Signature declined')
    expect(kit.getState().siwx?.sessions).toEqual([])
    expect(kit.getState().router.view).toBe('SIWXSignMessage')
    const types = kit.log.replay().map((event) => event.type)
    expect(types).toContain('snack/requested')
    expect(
      kit.log
        .replay()
        .filter((event) => event.type === 'snack/requested')
        .map((event) => (event.payload as { code?: string }).code),
    ).toEqual(['AUTHENTICATING', 'USER_REJECTED'])
  })

  test('behavior: with a verified stored session nothing happens after connect', async () => {
    const env = createVirtualEnv({ storage: { [KEY]: JSON.stringify([toySession()]) } })
    const { kit } = kitWith({ env, required: false })
    await connected(kit)
    expect(kit.getState().modal.isOpen).toBe(false)
    expect(kit.getState().siwx?.sessions).toHaveLength(1)
  })

  test('behavior: a forged session planted in storage is dropped on load, and the sign view opens', async () => {
    const forged = toySession(1, {}, 'toysig:forged')
    const foreign = toySession(2, { domain: 'evil.example' })
    const expired = toySession(3, { expirationTime: new Date(START - HOUR).toISOString() })
    const env = createVirtualEnv({
      storage: { [KEY]: JSON.stringify([forged, foreign, expired]) },
    })
    const { kit } = kitWith({ env })
    await connected(kit)
    const checked = kit.log.replay().find((event) => event.type === 'siwx/storedSessionsChecked')
    expect(checked?.payload).toMatchObject({
      kept: [],
      dropped: [{ code: 'INVALID_SIGNATURE' }, { code: 'WRONG_DOMAIN' }, { code: 'EXPIRED' }],
    })
    expect(kit.getState().router.view).toBe('SIWXSignMessage')
    expect(env.storage.dump()[KEY]).toBeUndefined()
  })

  test('behavior: optional SIWX lets the visitor close the sign view', async () => {
    const { kit } = kitWith({ required: false })
    await connected(kit)
    expect(kit.getState().router.view).toBe('SIWXSignMessage')
    kit.close()
    expect(kit.getState().modal.isOpen).toBe(false)
  })

  test('behavior: cancel disconnects when sign-in is required, then rests on Connect', async () => {
    const { kit } = kitWith()
    await connected(kit)
    await kit.features.siwx.cancel()
    expect(selectConnectionStatus(kit.getState())).toBe('disconnected')
    expect(kit.getState().router.view).toBe('Connect')
  })

  test('behavior: disconnect clears the sessions and hands them to onSignOut', async () => {
    const signedOut: SiwxSession[][] = []
    const { kit, env } = kitWith({
      parameters: { onSignOut: async (sessions) => void signedOut.push([...sessions]) },
    })
    await connected(kit)
    const session = await kit.features.siwx.signIn()
    expect(env.storage.dump()[KEY]).toBe(JSON.stringify([session]))
    await kit.disconnect()
    await settle()
    expect(kit.getState().siwx?.sessions).toEqual([])
    expect(env.storage.dump()[KEY]).toBeUndefined()
    expect(signedOut).toEqual([[session]])
  })

  test('behavior: switching to an account without a session asks again; back to the signed one does not', async () => {
    const { kit, wallet } = kitWith({
      accounts: [
        { address: toyAddress(1), balance: '1' },
        { address: toyAddress(2), balance: '1' },
      ],
    })
    await connected(kit)
    await kit.features.siwx.signIn()
    expect(kit.getState().modal.isOpen).toBe(false)
    wallet.switchAccount(toyAddress(2))
    await settle()
    expect(kit.getState().modal).toMatchObject({ isOpen: true })
    expect(kit.getState().router.view).toBe('SIWXSignMessage')
    await kit.features.siwx.signIn()
    expect(kit.getState().modal.isOpen).toBe(false)
    wallet.switchAccount(toyAddress(1))
    await settle()
    expect(kit.getState().modal.isOpen).toBe(false)
    expect(kit.log.replay().filter((event) => event.type === 'siwx/signInRequested')).toHaveLength(
      2,
    )
  })

  test('behavior: a session expires: it no longer counts and the connected account is asked again', async () => {
    const { kit, env } = kitWith({ parameters: { expiresInMs: HOUR } })
    await connected(kit)
    await kit.features.siwx.signIn()
    expect(kit.getState().modal.isOpen).toBe(false)
    env.advance(HOUR - 1)
    expect(kit.getState().siwx?.sessions).toHaveLength(1)
    env.advance(1)
    await settle()
    expect(kit.getState().siwx?.sessions).toEqual([])
    expect(kit.getState().router.view).toBe('SIWXSignMessage')
    expect(kit.getState().modal.isOpen).toBe(true)
  })

  test('behavior: the site nonce is signed; a failing getNonce reads the §8 initialization message', async () => {
    let nonces = 0
    const { kit } = kitWith({
      parameters: {
        getNonce: async () => {
          nonces += 1
          if (nonces > 1) throw new Error('nonce service down')
          return 'SiteNonce0001'
        },
      },
    })
    await connected(kit)
    const session = await kit.features.siwx.signIn()
    expect(session.data.nonce).toBe('SiteNonce0001')
    await kit.disconnect()
    await connected(kit)
    await expect(kit.features.siwx.signIn()).rejects.toMatchObject({
      code: 'AUTH_INIT_FAILED',
      userMessage: 'A problem occurred while trying initialize authentication',
    })
    expect(kit.getState().siwx?.sessions).toEqual([])
  })

  test('behavior: a site that refuses the session in onSignIn leaves nothing stored', async () => {
    const { kit, env } = kitWith({
      parameters: {
        onSignIn: async () => {
          throw new Error('NONCE_REUSED')
        },
      },
    })
    await connected(kit)
    await expect(kit.features.siwx.signIn()).rejects.toMatchObject({
      code: 'SIWX_VERIFICATION_FAILED',
      userMessage: 'The sign-in could not be verified',
    })
    expect(kit.getState().siwx?.sessions).toEqual([])
    expect(env.storage.dump()[KEY]).toBeUndefined()
    expect(kit.getState().router.view).toBe('SIWXSignMessage')
  })

  test('behavior: sessions the site keeps (getSessions) are verified; a valid one spares the prompt, a forged one does not', async () => {
    const valid = kitWith({ parameters: { getSessions: async () => [toySession()] } })
    await connected(valid.kit)
    await settle()
    expect(valid.kit.getState().modal.isOpen).toBe(false)
    expect(valid.kit.getState().siwx?.sessions).toEqual([toySession()])

    const forged = kitWith({
      parameters: { getSessions: async () => [toySession(1, {}, 'toysig:x'), toySession(2)] },
    })
    await connected(forged.kit)
    await settle()
    expect(forged.kit.getState().siwx?.sessions).toEqual([])
    expect(forged.kit.getState().router.view).toBe('SIWXSignMessage')
  })

  test('behavior: addSession verifies: a tampered signature is refused and nothing is stored; a valid one closes the sign view', async () => {
    const { kit, env } = kitWith()
    await connected(kit)
    await expect(
      kit.features.siwx.addSession(toySession(1, {}, 'toysig:tampered')),
    ).rejects.toMatchObject({ code: 'SIWX_VERIFICATION_FAILED' })
    expect(env.storage.dump()[KEY]).toBeUndefined()
    await kit.features.siwx.addSession(toySession())
    expect(kit.getState().modal.isOpen).toBe(false)
  })

  test('behavior: without sign-in configured, no siwx feature: no code, no state, no sign view, and its intents say so', async () => {
    const { kit } = createTestKit()
    await kit.connect({ connectorId: 'toywallet' })
    await settle()
    expect(kit.getState().kit.features).not.toContain('siwx')
    expect(kit.getState().kit.views).not.toContain('SIWXSignMessage')
    expect(kit.getState().siwx).toBeUndefined()
    expect(() => siwxOf(kit)).toThrow(
      expect.objectContaining({ code: 'SIWX_NOT_ENABLED', userMessage: 'SIWX is not enabled' }),
    )
  })

  test('behavior: a malformed session is refused with the schema words and nothing is stored', async () => {
    const { kit, env } = kitWith({ required: false })
    await kit.loadFeature('siwx')
    await expect(
      kit.features.siwx.addSession({ data: {} } as unknown as SiwxSession),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
    expect(kit.getState().siwx?.sessions).toEqual([])
    expect(env.storage.dump()[KEY]).toBeUndefined()
  })

  test('behavior: a corrupt stored value is discarded and reported', async () => {
    const corrupt = kitWith({
      env: createVirtualEnv({ storage: { [KEY]: JSON.stringify([{ nonsense: true }]) } }),
      required: false,
    })
    await corrupt.kit.loadFeature('siwx')
    expect(corrupt.kit.getState().siwx?.sessions).toEqual([])
    expect(corrupt.kit.log.replay().map((event) => event.type)).toContain('storage/discarded')
    expect(corrupt.env.storage.dump()[KEY]).toBeUndefined()
  })
})

describe('SIWX sessions', () => {
  const kit = withFeatures([{ name: 'siwx', module: createSiwxModule(SITE) }])

  test('behavior: one session per account; cleared per namespace or all; stored ones count only once checked', () => {
    const a = toySession(1)
    const newer = toySession(1, { nonce: 'newernonce1' })
    const b = { ...toySession(2), data: { ...toySession(2).data, chainId: 'toyb:main' as const } }
    let state = kit.fold([
      kit.loaded('siwx', { siwxSessions: [a] }),
      { type: 'siwx/sessionAdded', payload: { session: newer } },
      { type: 'siwx/sessionAdded', payload: { session: b } },
    ])
    expect(state.siwx?.unverified).toEqual([a])
    expect(state.siwx?.sessions).toEqual([newer, b])
    state = kit.fold(
      [{ type: 'siwx/storedSessionsChecked', payload: { kept: [a], dropped: [] } }],
      state,
    )
    expect(state.siwx?.sessions).toEqual([b, a])
    expect(state.siwx?.unverified).toEqual([])
    state = kit.fold(
      [{ type: 'siwx/sessionsCleared', payload: { namespaces: ['toychain'] } }],
      state,
    )
    expect(state.siwx?.sessions).toEqual([b])
    state = kit.fold([{ type: 'siwx/sessionsCleared', payload: {} }], state)
    expect(state.siwx?.sessions).toEqual([])
  })
})

describe('conformance', () => {
  test('default: the siwx feature passes the feature conformance checks', async () => {
    const { plugin } = toyChain()
    for (const check of featureConformance(siwx(SITE), { plugins: [plugin] })) await check.run()
  })
})
