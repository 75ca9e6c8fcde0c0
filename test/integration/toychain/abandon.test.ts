/**
 * Issue #11, items 6 and 7: a connect the visitor abandons is cancelled all the way down, and a
 * wallet that never answers is given up after a bounded wait (decision 0017).
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { STORAGE_PREFIX, selectAccountStatus, TIMINGS } from '../../../src/kernel/index.js'
import { createVirtualEnv, settle } from '../../../src/testing/index.js'
import { createTestKit } from '../../support/createTestKit.js'
import { toyAddress } from '../../support/toyChain.js'

describe('abandoned connects', () => {
  test('behavior: Disconnect during a pending connect cancels it; the late answer connects nothing and nothing is stored', async () => {
    const env = createVirtualEnv()
    const { kit, wallet } = createTestKit({ env, features: { connectDelayMs: 5_000 } })
    const pending = kit.connect({ connectorId: 'toywallet' })
    expect(selectAccountStatus(kit.getState(), 'toychain')).toBe('connecting')
    await kit.disconnect()
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' })
    // The wallet would have answered now; its signal was aborted.
    env.advance(5_000)
    await settle()
    expect(selectAccountStatus(kit.getState(), 'toychain')).toBe('disconnected')
    expect(env.storage.dump()[`${STORAGE_PREFIX}connectorIds`]).toBeUndefined()
    // A reload does not reconnect to a wallet the visitor walked away from.
    const reloaded = createTestKit({ env: createVirtualEnv({ storage: env.storage.dump() }) })
    await settle()
    expect(reloaded.wallet.calls.filter((call) => call.includes(':silent'))).toEqual([])
    expect(wallet.calls).toEqual(['connect:toywallet'])
  })

  test('behavior: closing the modal or going back from the connecting view cancels the connect', async () => {
    const { kit } = createTestKit({ features: { connectDelayMs: 60_000 } })
    kit.open()
    const first = kit.connect({ connectorId: 'toywallet' })
    expect(kit.getState().router.view).toBe('ConnectingExternal')
    kit.back()
    await expect(first).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(kit.getState().router.view).toBe('Connect')

    const second = kit.connect({ connectorId: 'toywallet' })
    kit.close()
    await expect(second).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(selectAccountStatus(kit.getState(), 'toychain')).toBe('disconnected')
    // A cancellation is nothing the visitor must be told about.
    expect(kit.getState().operations.lastFailure).toBeNull()
  })

  test('behavior: a wallet that never answers is given up after the bounded wait, with a retry on the view', async () => {
    const env = createVirtualEnv()
    const { kit } = createTestKit({ env, features: { connectDelayMs: 10 * 60_000 } })
    kit.open()
    const pending = kit.connect({ connectorId: 'toywallet' })
    env.advance(TIMINGS.connectTimeoutMs - 1)
    expect(selectAccountStatus(kit.getState(), 'toychain')).toBe('connecting')
    env.advance(1)
    await expect(pending).rejects.toMatchObject({ code: 'SOMETHING_WENT_WRONG' })
    expect(kit.getState().router.view).toBe('ConnectingExternal')
    expect(kit.getState().operations.lastFailure).toMatchObject({
      type: 'connection',
      connectorId: 'toywallet',
    })
  })

  test('behavior: a silent reconnect that hangs is given up after its own shorter wait', async () => {
    const first = createTestKit()
    await first.kit.connect({ connectorId: 'toywallet' })
    const env = createVirtualEnv({ storage: first.env.storage.dump() })
    const { kit } = createTestKit({
      env,
      authorized: ['toywallet'],
      features: { connectDelayMs: 10 * 60_000 },
    })
    expect(selectAccountStatus(kit.getState(), 'toychain')).toBe('connecting')
    env.advance(TIMINGS.silentReconnectTimeoutMs)
    await settle()
    expect(selectAccountStatus(kit.getState(), 'toychain')).toBe('disconnected')
  })
})

describe('connect and disconnect interleaved (issue #11 item 6: 49 of 300 went wrong)', () => {
  test('property: after any interleaving the kit is connected, and remembers the wallet, exactly when the visitor’s last word was connect', async () => {
    const step = fc.oneof(
      fc.constant({ kind: 'connect' as const }),
      fc.constant({ kind: 'disconnect' as const }),
      fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 3_000 }) }),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2_000 }),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        async (delayMs, steps) => {
          const env = createVirtualEnv()
          const { kit } = createTestKit({ env, features: { connectDelayMs: delayMs } })
          let last: 'connect' | 'disconnect' | null = null
          for (const action of steps) {
            if (action.kind === 'advance') {
              env.advance(action.ms)
            } else if (action.kind === 'connect') {
              kit.connect({ connectorId: 'toywallet' }).catch(() => undefined)
              last = 'connect'
            } else {
              kit.disconnect().catch(() => undefined)
              last = 'disconnect'
            }
            await settle()
          }
          // Every wallet answer is due well within the connect's bounded wait.
          env.advance(5_000)
          await settle()
          const connected = selectAccountStatus(kit.getState(), 'toychain') === 'connected'
          const remembered = env.storage.dump()[`${STORAGE_PREFIX}connectorIds`] !== undefined
          kit.destroy()
          expect(connected).toBe(last === 'connect')
          expect(remembered).toBe(connected)
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('unanswered wallet requests (issue 19, item 17)', () => {
  test('behavior: a disconnect the wallet never answers settles at its bound; the kit is disconnected and remembers nothing', async () => {
    const env = createVirtualEnv()
    const { kit, wallet } = createTestKit({ env })
    await kit.connect({ connectorId: 'toywallet' })
    wallet.features.disconnectHangs = true
    let settled = false
    const pending = kit.disconnect().finally(() => {
      settled = true
    })
    env.advance(TIMINGS.walletDisconnectTimeoutMs - 1)
    await settle()
    expect(settled).toBe(false)
    expect(selectAccountStatus(kit.getState(), 'toychain')).toBe('connected')
    env.advance(1)
    await pending
    expect(selectAccountStatus(kit.getState(), 'toychain')).toBe('disconnected')
    expect(env.storage.dump()[`${STORAGE_PREFIX}connectorIds`]).toBeUndefined()
    expect(wallet.calls).toContain('disconnect:toywallet')
  })

  test('behavior: a signature the wallet never answers fails at its bound with a retryable error', async () => {
    const env = createVirtualEnv()
    const { kit, wallet } = createTestKit({ env })
    await kit.connect({ connectorId: 'toywallet' })
    wallet.features.signHangs = true
    const pending = kit.signMessage({ message: 'hello' })
    let settled = false
    pending
      .catch(() => undefined)
      .finally(() => {
        settled = true
      })
    await settle()
    env.advance(TIMINGS.walletRequestTimeoutMs - 1)
    await settle()
    expect(settled).toBe(false)
    env.advance(1)
    await expect(pending).rejects.toMatchObject({
      code: 'SOMETHING_WENT_WRONG',
      plugin: 'toychain',
    })
    // The kit is still connected and the next request goes through.
    wallet.features.signHangs = false
    await expect(kit.signMessage({ message: 'again' })).resolves.toMatchObject({
      signature: expect.stringContaining('toysig:'),
    })
  })

  test('behavior: disconnecting gives up a signature request still waiting in the wallet', async () => {
    const { kit, wallet } = createTestKit()
    await kit.connect({ connectorId: 'toywallet' })
    wallet.features.signHangs = true
    const pending = kit.signMessage({ message: 'hello' })
    await kit.disconnect()
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' })
  })

  test('behavior: a send the wallet never answers fails at its bound; the form can send again', async () => {
    const env = createVirtualEnv()
    const { kit, wallet } = createTestKit({ env })
    await kit.connect({ connectorId: 'toywallet' })
    wallet.features.sendHangs = true
    const receiver = toyAddress(2)
    const pending = kit.features.send.send({ to: receiver, amount: '1' })
    pending.catch(() => undefined)
    await settle()
    env.advance(TIMINGS.walletRequestTimeoutMs)
    await expect(pending).rejects.toMatchObject({ code: 'SEND_FAILED' })
    wallet.features.sendHangs = false
    await expect(kit.features.send.send({ to: receiver, amount: '1' })).resolves.toMatchObject({
      hash: expect.stringContaining('toyhash-'),
    })
  })
})
