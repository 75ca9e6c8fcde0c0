import { describe, expect, test } from 'vitest'
import { createTestKit } from '../../../test/support/createTestKit.js'
import { snackText } from '../../../test/support/events.js'
import { settle } from '../../testing/index.js'
import { defineFeature } from '../index.js'

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

  test('behavior: a second refusal during a shake neither restarts nor extends it', () => {
    const { kit, env } = createTestKit()
    kit.shake()
    env.advance(300)
    kit.shake()
    env.advance(199)
    expect(kit.getState().modal.isShaking).toBe(true)
    env.advance(1)
    // 500 ms after it started, not 800.
    expect(kit.getState().modal.isShaking).toBe(false)
    // Once over, a new refusal shakes again for its own 500 ms.
    kit.shake()
    env.advance(499)
    expect(kit.getState().modal.isShaking).toBe(true)
    env.advance(1)
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
  // The Farcaster view comes with the embedded-wallet feature; a stand-in owns it here.
  const farcaster = defineFeature({
    name: 'farcasterStandIn',
    views: ['ConnectingFarcaster'],
    load: async () => ({}),
  })
  const { kit, env } = createTestKit({ kit: { features: [farcaster] } })
  const seen: string[] = []
  kit.events$.subscribe((event) => seen.push(event.type))
  kit.open()
  kit.navigate('ConnectingFarcaster')
  kit.back()
  env.advance(99)
  expect(seen).not.toContain('authConnector/reloadRequested')
  env.advance(1)
  expect(seen.filter((type) => type === 'authConnector/reloadRequested')).toHaveLength(1)
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
    expect(kit.getState().namespaces.entities.toychain?.accountState.balance).toBe('100')
  })
})
