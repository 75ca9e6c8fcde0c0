import { describe, expect, test } from 'vitest'
import {
  configured,
  connected,
  discovered,
  fold,
  registered,
} from '../../../test/support/events.js'
import type { EventInput } from '../events/types.js'
import { BUILT_IN_WALLETS } from '../registry/builtInWallets.js'
import { createInitialState } from '../state.js'
import {
  selectConnectMethodOrder,
  selectConnectorSections,
  selectListedConnectors,
} from './connectors.js'

const auth = discovered('toychain', { id: 'auth', name: 'Email', type: 'AUTH', rdns: undefined })
const external = discovered('toychain', {
  id: 'ledger',
  name: 'Ledger',
  type: 'EXTERNAL',
  rdns: undefined,
})
const walletConnect = discovered('toychain', {
  id: 'walletConnect',
  name: 'WalletConnect',
  type: 'EXTERNAL',
  rdns: undefined,
})

describe('connect-method order (§2)', () => {
  test('default: email, social, wallet', () => {
    expect(selectConnectMethodOrder(fold([configured(), registered(), auth]))).toEqual([
      'email',
      'social',
      'wallet',
    ])
  })

  test('behavior: an announced or injected wallet puts wallet first', () => {
    expect(
      selectConnectMethodOrder(fold([configured(), registered(), auth, discovered()])),
    ).toEqual(['wallet', 'email', 'social'])
  })

  test('behavior: an excluded wallet does not count as shown', () => {
    const state = fold([
      configured({ excludeWalletIds: ['toywallet'] }),
      registered(),
      auth,
      discovered(),
    ])
    expect(selectConnectMethodOrder(state)).toEqual(['email', 'social', 'wallet'])
  })

  test('behavior: without an embedded-wallet connector only wallets are offered; feature switches apply', () => {
    expect(selectConnectMethodOrder(fold([configured(), registered(), discovered()]))).toEqual([
      'wallet',
    ])
    const noEmail = fold([
      configured({ features: { ...createInitialState().options.features, email: false } }),
      registered(),
      auth,
    ])
    expect(selectConnectMethodOrder(noEmail)).toEqual(['social', 'wallet'])
    const noSocials = fold([configured({ socials: [] }), registered(), auth])
    expect(selectConnectMethodOrder(noSocials)).toEqual(['email', 'wallet'])
  })

  test('behavior: email and social show only where a registered feature renders their views', () => {
    const core = configured()
    const bare = { ...core, payload: { ...core.payload, views: undefined } }
    expect(selectConnectMethodOrder(fold([bare as EventInput, registered(), auth]))).toEqual([
      'wallet',
    ])
  })

  test('behavior: on Telegram Android with only facebook and x, social disappears (§5)', () => {
    const state = fold([
      configured({ socials: ['facebook', 'x'] }, { telegramPlatform: 'android' }),
      registered(),
      auth,
    ])
    expect(selectConnectMethodOrder(state)).toEqual(['email', 'wallet'])
  })
})

describe('connector sections (§9 order)', () => {
  test('default: walletConnect, recent, injected, custom, external, recommended; each wallet once', () => {
    const state = fold([
      configured({ customWallets: [{ id: 'custom1', name: 'My Wallet' }] }),
      registered(),
      external,
      discovered(),
      walletConnect,
      discovered('toychain', { id: 'other', name: 'Other', rdns: 'org.example.other' }),
      connected('toychain', 1, 'other'),
    ])
    const sections = selectConnectorSections(state)
    expect(sections.map((entry) => entry.section)).toEqual([
      'walletConnect',
      'recent',
      'injected',
      'custom',
      'external',
      'recommended',
    ])
    const ids = sections.flatMap((entry) =>
      entry.items.map((item) => (item.kind === 'connector' ? item.connector.id : item.wallet.id)),
    )
    expect(ids).toEqual([
      'walletConnect',
      'other',
      'toywallet',
      'custom1',
      'ledger',
      ...BUILT_IN_WALLETS.slice(0, 4).map((wallet) => wallet.id),
    ])
  })

  test('behavior: include and exclude ids filter every section', () => {
    const state = fold([
      configured({ includeWalletIds: ['ledger'] }),
      registered(),
      external,
      discovered(),
    ])
    expect(selectConnectorSections(state).map((entry) => entry.section)).toEqual(['external'])
  })

  test('behavior: a wallet on two namespaces is listed once, from the active namespace', () => {
    const state = fold([
      configured(),
      registered('toychain'),
      registered('toyb'),
      discovered('toychain'),
      discovered('toyb'),
      { type: 'namespace/activated', payload: { namespace: 'toyb' } },
    ])
    const injected = selectConnectorSections(state).find((entry) => entry.section === 'injected')
    expect(injected?.items).toHaveLength(1)
    expect(injected?.items[0]).toMatchObject({
      kind: 'connector',
      connector: { namespace: 'toyb' },
    })
  })
})

test('behavior: the AllWallets list applies include and exclude ids and lists a wallet once', () => {
  const state = fold([
    configured({ excludeWalletIds: ['ledger'] }),
    registered('toychain'),
    registered('toyb'),
    discovered('toychain'),
    discovered('toyb'),
    discovered('toychain', { id: 'ledger', name: 'Ledger', type: 'EXTERNAL', rdns: undefined }),
  ])
  expect(selectListedConnectors(state).map((connector) => connector.id)).toEqual(['toywallet'])
})
