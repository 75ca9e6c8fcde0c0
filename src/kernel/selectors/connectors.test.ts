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
  selectAllWallets,
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
    expect(injected?.items[0]).toMatchObject({ kind: 'connector', connector: { chain: 'toyb' } })
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

const [metaMask, trust, coinbase, rainbow, okx, zerion] = BUILT_IN_WALLETS
const page = (
  wallets: readonly { id: string; name: string; rdns?: string }[],
  count = 100,
): EventInput => ({
  type: 'walletRegistry/succeeded',
  payload: { kind: 'page', page: 1, count, wallets: [...wallets] },
})

describe('registry wallets (issue #5)', () => {
  test('behavior: without a WalletConnect connector no registry wallet is offered', () => {
    const state = fold([
      configured({ featuredWalletIds: [metaMask!.id] }),
      registered(),
      discovered(),
    ])
    expect(selectConnectorSections(state).map((entry) => entry.section)).toEqual(['injected'])
    expect(selectAllWallets(state).items).toHaveLength(1)
  })

  test('behavior: featured in the site order, recommended the next 4, include and exclude ids applied', () => {
    const state = fold([
      configured({ featuredWalletIds: [zerion!.id, metaMask!.id], excludeWalletIds: [trust!.id] }),
      registered(),
      walletConnect,
    ])
    const sections = selectConnectorSections(state)
    const ids = (section: string) =>
      sections
        .find((entry) => entry.section === section)
        ?.items.map((item) => (item.kind === 'registry' ? item.wallet.id : item.kind))
    expect(ids('featured')).toEqual([zerion!.id, metaMask!.id])
    expect(ids('recommended')).toEqual([
      coinbase!.id,
      rainbow!.id,
      okx!.id,
      BUILT_IN_WALLETS[6]!.id,
    ])
  })

  test('behavior: a registry wallet with an announced twin (rdns or explorerId) appears once, as the announced one', () => {
    const state = fold([
      configured(),
      registered(),
      walletConnect,
      discovered('toychain', { id: 'mm', name: 'MetaMask (extension)', rdns: 'io.metamask' }),
      discovered('toychain', {
        id: 'trusty',
        name: 'Trust (extension)',
        rdns: 'org.example.trust',
        explorerId: trust!.id,
      }),
    ])
    const names = selectConnectorSections(state).flatMap((entry) =>
      entry.items.map((item) =>
        item.kind === 'connector' || item.kind === 'registry'
          ? item.kind === 'connector'
            ? item.connector.name
            : item.wallet.name
          : '',
      ),
    )
    expect(names.filter((name) => /metamask|trust/i.test(name))).toEqual([
      'MetaMask (extension)',
      'Trust (extension)',
    ])
    const all = selectAllWallets(state).items
    expect(
      all.filter(
        (item) => item.kind === 'registry' && [metaMask!.id, trust!.id].includes(item.wallet.id),
      ),
    ).toEqual([])
  })

  test('behavior: registry pages replace the built-in list; a failed first page keeps it', () => {
    const base = [configured({ projectId: 'p' }), registered(), walletConnect]
    const ready = fold([...base, page([{ id: 'r1', name: 'Registry One' }], 41)])
    expect(selectAllWallets(ready)).toMatchObject({
      items: [
        { kind: 'connector' },
        { kind: 'registry', wallet: { id: 'r1' }, namespace: 'toychain' },
      ],
      canLoadMore: true,
    })
    const failed = fold([
      ...base,
      { type: 'walletRegistry/requested', payload: { kind: 'page', page: 1 } },
      {
        type: 'walletRegistry/failed',
        payload: {
          kind: 'page',
          page: 1,
          error: { name: 'KitError', code: 'UNKNOWN_ERROR', shortMessage: 'x', userMessage: 'x' },
        },
      },
    ])
    expect(failed.walletRegistry).toMatchObject({ status: 'unavailable', loadingPage: null })
    expect(selectAllWallets(failed).items).toHaveLength(1 + BUILT_IN_WALLETS.length)
    expect(selectAllWallets(failed).canLoadMore).toBe(false)
  })

  test('behavior: while searching, names match and the registry answer for that text is used, at most 100', () => {
    const many = Array.from({ length: 120 }, (_, index) => ({
      id: `m${index}`,
      name: `Match ${index}`,
    }))
    const state = fold([
      configured({ projectId: 'p' }),
      registered(),
      walletConnect,
      page([{ id: 'r1', name: 'Registry One' }]),
      { type: 'walletRegistry/searchChanged', payload: { query: ' match ' } },
      {
        type: 'walletRegistry/succeeded',
        payload: { kind: 'search', page: 1, query: 'stale', count: 1, wallets: [many[0]!] },
      },
    ])
    expect(selectAllWallets(state)).toMatchObject({ items: [], query: 'match', canLoadMore: false })
    const answered = fold(
      [
        {
          type: 'walletRegistry/succeeded',
          payload: {
            kind: 'search',
            page: 1,
            query: 'match',
            count: 120,
            wallets: many.slice(0, 100),
          },
        },
        discovered('toychain', { id: 'matcher', name: 'Matcher', rdns: 'org.example.matcher' }),
      ],
      state,
    )
    const items = selectAllWallets(answered).items
    expect(items).toHaveLength(100)
    expect(items[0]).toMatchObject({ kind: 'connector', connector: { id: 'matcher' } })
  })
})
