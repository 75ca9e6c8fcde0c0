import { describe, expect, test } from 'vitest'
import { createTestKit } from '../../../test/support/createTestKit.js'
import { runEffect } from '../../../test/support/effectHarness.js'
import { snackText } from '../../../test/support/events.js'
import { createVirtualEnv, settle } from '../../testing/index.js'
import { KitError } from '../errors/KitError.js'

describe('§4 shake lasts 500 ms', () => {
  test('default', () => {
    const { kit, env } = createTestKit()
    kit.open()
    kit.shake()
    expect(kit.getState().modal.isShaking).toBe(true)
    env.advance(499)
    expect(kit.getState().modal.isShaking).toBe(true)
    env.advance(1)
    expect(kit.getState().modal.isShaking).toBe(false)
  })

  test('behavior: a new shake restarts the window', () => {
    const { kit, env } = createTestKit()
    kit.shake()
    env.advance(400)
    kit.shake()
    env.advance(400)
    expect(kit.getState().modal.isShaking).toBe(true)
    env.advance(100)
    expect(kit.getState().modal.isShaking).toBe(false)
  })
})

describe('§4 snack: 150 ms gap when re-shown', () => {
  test('default', () => {
    const { kit, env } = createTestKit()
    kit.showSnack('First', 'success')
    expect(kit.getState().snack).toMatchObject({ isOpen: true, text: 'First', variant: 'success' })
    kit.showSnack('Second', 'error')
    expect(kit.getState().snack.isOpen).toBe(false)
    env.advance(149)
    expect(kit.getState().snack.isOpen).toBe(false)
    env.advance(1)
    expect(kit.getState().snack).toMatchObject({ isOpen: true, text: 'Second', variant: 'error' })
  })

  test('behavior: success and error hide by themselves, loading stays', () => {
    const { kit, env } = createTestKit()
    kit.showSnack('Saved', 'success')
    env.advance(2_200)
    expect(kit.getState().snack.isOpen).toBe(false)
    kit.showSnack('Authenticating...', 'loading')
    env.advance(60_000)
    expect(kit.getState().snack).toMatchObject({ isOpen: true, variant: 'loading' })
  })
})

test('§2 backing out of Farcaster while disconnected reloads the sign-in connector after 100 ms', () => {
  const { kit, env } = createTestKit()
  const seen: string[] = []
  kit.events$.subscribe((event) => seen.push(event.type))
  kit.open()
  kit.navigate('ConnectingFarcaster')
  kit.back()
  env.advance(99)
  expect(seen).not.toContain('embeddedWallet/reloadRequested')
  env.advance(1)
  expect(seen.filter((type) => type === 'embeddedWallet/reloadRequested')).toHaveLength(1)
})

describe('§8 a failed balance fetch blocks retries for 30 s', () => {
  test('default', async () => {
    const { kit, env, wallet } = createTestKit()
    wallet.features.balanceError = true
    await kit.connect({ connectorId: 'toywallet' })
    await settle()
    expect(kit.getState().snack).toMatchObject({ isOpen: true, variant: 'error' })
    expect(snackText(kit.getState())).toBe('Token Balance Unavailable')
    const calls = wallet.calls.filter((call) => call.startsWith('balance')).length
    wallet.features.balanceError = false
    env.advance(29_999)
    await expect(kit.refreshBalance()).rejects.toMatchObject({
      code: 'TOKEN_BALANCE_UNAVAILABLE',
      userMessage: 'Token Balance Unavailable',
    })
    expect(wallet.calls.filter((call) => call.startsWith('balance')).length).toBe(calls)
    env.advance(1)
    await kit.refreshBalance()
    expect(kit.getState().chains.entities.toychain?.accountState.balance).toBe('100')
  })
})

describe('§5 email login: valid email, 30 s cooldown', () => {
  test('default', () => {
    const { kit, env } = createTestKit()
    kit.requestEmailLogin('visitor@site.example')
    expect(() => kit.requestEmailLogin('visitor@site.example')).toThrowError(
      'Please try again after 30 seconds',
    )
    env.advance(12_000)
    try {
      kit.requestEmailLogin('visitor@site.example')
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(KitError)
      expect((error as KitError).userMessage).toBe('Please try again after 18 seconds')
    }
    env.advance(18_000)
    expect(() => kit.requestEmailLogin('visitor@site.example')).not.toThrow()
  })

  test('behavior: an invalid email is refused with a validation error and nothing is recorded', () => {
    const { kit } = createTestKit()
    const seq = kit.log.lastSeq()
    const state = kit.getState()
    expect(() => kit.requestEmailLogin('not-an-email')).toThrowError(/Invalid input/)
    expect(kit.log.lastSeq()).toBe(seq)
    expect(kit.getState()).toBe(state)
  })
})

test('§4 an expired pairing while the wallet has not answered gives a fresh connect (a fresh URI)', async () => {
  const { kit, env, wallet } = createTestKit({
    connectors: [
      { id: 'walletConnect', name: 'WalletConnect', type: 'EXTERNAL', chain: 'toychain' },
    ],
    features: { connectDelayMs: 10 * 60_000 },
  })
  const requests: string[] = []
  kit.events$.subscribe((event) => {
    if (event.type === 'connection/requested') requests.push(event.meta.correlationId ?? '')
  })
  const first = kit.connect({ connectorId: 'walletConnect' }).catch((error: unknown) => error)
  wallet.report({
    type: 'walletConnect/pairingCreated',
    payload: { uri: 'wc:first@2', expiresAt: env.now() + 240_000 },
  })
  // The pairing effects load with the first pairing.
  await settle()
  env.advance(240_000 - 10_001)
  expect(requests).toHaveLength(1)
  env.advance(1)
  expect(requests).toHaveLength(2)
  expect(await first).toMatchObject({ code: 'CANCELLED' })
  expect(kit.getState().chains.entities.toychain?.accountState.status).toBe('connecting')
})

test('§2 rule 1: opening on ConnectingWalletConnectBasic starts the WalletConnect connect that gives the view its URI', async () => {
  const { kit } = createTestKit({
    connectors: [
      { id: 'walletConnect', name: 'WalletConnect', type: 'EXTERNAL', chain: 'toychain' },
    ],
    features: { connectDelayMs: 60_000 },
  })
  const requested: string[] = []
  kit.events$.subscribe((event) => {
    if (event.type === 'connection/requested') requested.push(event.payload.connectorId)
  })
  kit.open()
  expect(kit.getState().router.view).toBe('ConnectingWalletConnectBasic')
  // The pairing feature's code loads with its view, then starts the connect.
  await settle()
  expect(requested).toEqual(['walletConnect'])
  // Opening again while it is under way starts nothing new.
  kit.close()
  kit.open()
  expect(requested).toEqual(['walletConnect'])
})
