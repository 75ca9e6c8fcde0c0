import { describe, expect, test } from 'vitest'
import { createTestKit } from '../../../test/support/createTestKit.js'
import { connected, readyState, withFeatures } from '../../../test/support/events.js'
import { settle } from '../../testing/index.js'
import { walletConnectModule } from './module.js'
import { selectPairing } from './selectors.js'

const kit = withFeatures([{ name: 'walletConnect', module: walletConnectModule }])
const fold = kit.fold

describe('WalletConnect link', () => {
  test('behavior: a pairing is kept until it expires, is reset, or a disconnect ends it', () => {
    const paired = fold(
      [{ type: 'walletConnect/pairingCreated', payload: { uri: 'wc:1', expiresAt: 10 } }],
      kit.fold([kit.loaded('walletConnect')], readyState()),
    )
    expect(paired.walletConnect?.pairing).toEqual({ uri: 'wc:1', expiresAt: 10 })
    expect(
      fold([{ type: 'walletConnect/pairingExpired', payload: { uri: 'wc:other' } }], paired),
    ).toBe(paired)
    expect(
      fold([{ type: 'walletConnect/pairingExpired', payload: { uri: 'wc:1' } }], paired)
        .walletConnect?.pairing,
    ).toBeNull()
    expect(
      fold([{ type: 'walletConnect/linkReset', payload: {} }], paired).walletConnect?.pairing,
    ).toBeNull()
  })

  test('behavior: the QR code never shows a pairing that can no longer connect', () => {
    const paired = fold(
      [{ type: 'walletConnect/pairingCreated', payload: { uri: 'wc:1', expiresAt: 10 } }],
      kit.fold([kit.loaded('walletConnect')], readyState()),
    )
    const request = (connectorId: string, silent = false) => ({
      type: 'connection/requested' as const,
      payload: { namespace: 'toychain', connectorId, silent },
    })
    const failure = (code: 'CANCELLED' | 'USER_REJECTED') => ({
      type: 'connection/failed' as const,
      payload: {
        namespace: 'toychain',
        connectorId: 'walletConnect',
        silent: false,
        error: { name: 'KitError', code, shortMessage: code, userMessage: code },
      },
    })
    const pairingAfter = (events: Parameters<typeof fold>[0]) =>
      fold(events, paired).walletConnect?.pairing
    // A new WalletConnect connect replaces the pairing; other wallets and silent restores do not.
    expect(pairingAfter([request('walletConnect')])).toBeNull()
    expect(pairingAfter([request('toywallet')])).toEqual({ uri: 'wc:1', expiresAt: 10 })
    expect(pairingAfter([request('walletConnect', true)])).toEqual({ uri: 'wc:1', expiresAt: 10 })
    // Refused: the view shows the failure. Cancelled by a newer connect: that one owns the link.
    expect(pairingAfter([failure('USER_REJECTED')])).toBeNull()
    expect(pairingAfter([failure('CANCELLED')])).toEqual({ uri: 'wc:1', expiresAt: 10 })
    // Consumed by a session.
    expect(pairingAfter([connected('toychain', 1, 'walletConnect')])).toBeNull()
  })
})

describe('§4 WalletConnect pairing: 4 minutes, expired 10 s early', () => {
  const walletConnect = {
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'EXTERNAL' as const,
    namespace: 'toychain',
  }

  test('default: the pairing a plugin reports expires 10 s before its four minutes', async () => {
    const { kit, env, wallet } = createTestKit({ connectors: [walletConnect] })
    const types: string[] = []
    kit.events$.subscribe((event) => types.push(event.type))
    // Reported before the feature's code is here: the kit holds it until then.
    wallet.report({
      type: 'walletConnect/pairingCreated',
      payload: { uri: 'wc:a', expiresAt: env.now() + 4 * 60_000 },
    })
    await settle()
    expect(selectPairing(kit.getState())?.uri).toBe('wc:a')
    env.advance(4 * 60_000 - 10_001)
    expect(selectPairing(kit.getState())?.uri).toBe('wc:a')
    env.advance(1)
    expect(selectPairing(kit.getState())).toBeNull()
    expect(types).toContain('walletConnect/pairingExpired')
  })

  test('behavior: a new pairing or a disconnect cancels the pending expiry', async () => {
    const { kit, env, wallet } = createTestKit({ connectors: [walletConnect] })
    const types: string[] = []
    kit.events$.subscribe((event) => types.push(event.type))
    await kit.loadFeature('walletConnect')
    wallet.report({
      type: 'walletConnect/pairingCreated',
      payload: { uri: 'wc:a', expiresAt: env.now() + 240_000 },
    })
    env.advance(100_000)
    wallet.report({
      type: 'walletConnect/pairingCreated',
      payload: { uri: 'wc:b', expiresAt: env.now() + 240_000 },
    })
    env.advance(200_000)
    expect(selectPairing(kit.getState())?.uri).toBe('wc:b')
    await kit.disconnect()
    expect(selectPairing(kit.getState())).toBeNull()
    env.advance(1_000_000)
    expect(types.filter((type) => type === 'walletConnect/pairingExpired')).toHaveLength(0)
  })
})

test('§4 an expired pairing while the wallet has not answered gives a fresh connect (a fresh URI)', async () => {
  const { kit, env, wallet } = createTestKit({
    connectors: [
      { id: 'walletConnect', name: 'WalletConnect', type: 'EXTERNAL', namespace: 'toychain' },
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
  expect(kit.getState().namespaces.entities.toychain?.accountState.status).toBe('connecting')
})

test('§2 rule 1: opening on ConnectingWalletConnectBasic starts the WalletConnect connect that gives the view its URI', async () => {
  const { kit } = createTestKit({
    connectors: [
      { id: 'walletConnect', name: 'WalletConnect', type: 'EXTERNAL', namespace: 'toychain' },
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
