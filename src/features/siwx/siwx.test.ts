import { describe, expect, test } from 'vitest'
import { createTestKit } from '../../../test/support/createTestKit.js'
import { withFeatures } from '../../../test/support/events.js'
import { toyAddress } from '../../../test/support/toyChain.js'
import { STORAGE_PREFIX, selectConnectionStatus } from '../../kernel/index.js'
import { createVirtualEnv, settle } from '../../testing/index.js'
import { siwxModule } from './module.js'

const session = (namespace = 'toychain', seed = 1, signature = `s${seed}`) => ({
  data: {
    accountAddress: toyAddress(seed),
    chainId: `${namespace}:main` as const,
    domain: 'site.example',
    uri: 'https://site.example',
    version: '1',
    nonce: 'n1',
  },
  message: 'site.example wants you to sign in',
  signature,
})

describe('§4 SIWX', () => {
  test('behavior: with SIWX required and no session, SIWXSignMessage opens after connect; closing is refused; signing closes', async () => {
    const { kit } = createTestKit({ kit: { siwx: { required: true } } })
    kit.open()
    await kit.connect({ connectorId: 'toywallet' })
    await settle()
    expect(kit.getState().router).toMatchObject({ view: 'SIWXSignMessage' })
    expect(kit.getState().modal.isOpen).toBe(true)
    kit.close()
    expect(kit.getState().modal).toMatchObject({ isOpen: true, isShaking: true })
    await kit.features.siwx.addSession(session())
    expect(kit.getState().modal.isOpen).toBe(false)
  })

  test('behavior: with a stored session for the account nothing happens after connect', async () => {
    const env = createVirtualEnv({
      storage: { [`${STORAGE_PREFIX}siwxSessions`]: JSON.stringify([session()]) },
    })
    const { kit } = createTestKit({ env, kit: { siwx: { required: false } } })
    kit.open()
    await kit.connect({ connectorId: 'toywallet' })
    await settle()
    expect(kit.getState().modal.isOpen).toBe(false)
    expect(kit.getState().siwx?.sessions).toHaveLength(1)
  })

  test('behavior: optional SIWX lets the visitor close the sign view', async () => {
    const { kit } = createTestKit({ kit: { siwx: { required: false } } })
    kit.open()
    await kit.connect({ connectorId: 'toywallet' })
    await settle()
    expect(kit.getState().router.view).toBe('SIWXSignMessage')
    kit.close()
    expect(kit.getState().modal.isOpen).toBe(false)
  })

  test('behavior: cancel disconnects when sign-in is required, then rests on Connect', async () => {
    const { kit } = createTestKit({ kit: { siwx: { required: true } } })
    kit.open()
    await kit.connect({ connectorId: 'toywallet' })
    await settle()
    await kit.features.siwx.cancel()
    expect(selectConnectionStatus(kit.getState())).toBe('disconnected')
    expect(kit.getState().router.view).toBe('Connect')
  })

  test('behavior: without sign-in on, the feature never loads and adding a session is refused', async () => {
    const { kit } = createTestKit()
    await kit.connect({ connectorId: 'toywallet' })
    await settle()
    expect(kit.getState().siwx).toBeUndefined()
    await expect(kit.features.siwx.addSession(session())).rejects.toMatchObject({
      code: 'SIWX_NOT_ENABLED',
      userMessage: 'SIWX is not enabled',
    })
  })

  test('behavior: a malformed session is refused with the schema words and nothing is stored', async () => {
    const { kit, env } = createTestKit({ kit: { siwx: { required: false } } })
    await kit.loadFeature('siwx')
    await expect(
      kit.features.siwx.addSession({ data: {} } as unknown as ReturnType<typeof session>),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
    expect(kit.getState().siwx?.sessions).toEqual([])
    expect(env.storage.dump()[`${STORAGE_PREFIX}siwxSessions`]).toBeUndefined()
  })

  test('behavior: sessions survive a reload; a corrupt stored value is discarded and reported', async () => {
    const first = createTestKit({ kit: { siwx: { required: false } } })
    await first.kit.features.siwx.addSession(session())
    const stored = first.env.storage.dump()
    const again = createTestKit({
      env: createVirtualEnv({ storage: stored }),
      kit: { siwx: { required: false } },
    })
    await again.kit.loadFeature('siwx')
    expect(again.kit.getState().siwx?.sessions).toEqual([session()])

    const corrupt = createTestKit({
      env: createVirtualEnv({
        storage: { [`${STORAGE_PREFIX}siwxSessions`]: JSON.stringify([{ nonsense: true }]) },
      }),
      kit: { siwx: { required: false } },
    })
    await corrupt.kit.loadFeature('siwx')
    expect(corrupt.kit.getState().siwx?.sessions).toEqual([])
    expect(corrupt.kit.log.replay().map((event) => event.type)).toContain('storage/discarded')
    expect(corrupt.env.storage.dump()[`${STORAGE_PREFIX}siwxSessions`]).toBeUndefined()
  })
})

describe('SIWX sessions', () => {
  const kit = withFeatures([{ name: 'siwx', module: siwxModule }])

  test('behavior: one session per account; cleared per namespace or all', () => {
    let state = kit.fold([
      kit.loaded('siwx'),
      { type: 'siwx/sessionAdded', payload: { session: session('toychain', 1) } },
      { type: 'siwx/sessionAdded', payload: { session: session('toychain', 1, 'newer') } },
      { type: 'siwx/sessionAdded', payload: { session: session('toyb', 2) } },
    ])
    expect(state.siwx?.sessions.map((entry) => entry.signature)).toEqual(['newer', 's2'])
    state = kit.fold(
      [{ type: 'siwx/sessionsCleared', payload: { namespaces: ['toychain'] } }],
      state,
    )
    expect(state.siwx?.sessions.map((entry) => entry.signature)).toEqual(['s2'])
    state = kit.fold([{ type: 'siwx/sessionsCleared', payload: {} }], state)
    expect(state.siwx?.sessions).toEqual([])
  })
})
