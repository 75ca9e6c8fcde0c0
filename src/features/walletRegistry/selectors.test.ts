import { describe, expect, test } from 'vitest'
import { configured, discovered, registered, withFeatures } from '../../../test/support/events.js'
import { BUILT_IN_WALLETS, type EventInput, selectConnectorSections } from '../../kernel/index.js'
import { walletRegistryModule } from './module.js'
import { selectAllWallets, selectRegistryState } from './selectors.js'

const kit = withFeatures([{ name: 'walletRegistry', module: walletRegistryModule }])
const loaded = kit.loaded('walletRegistry')
const walletConnect = discovered('toychain', {
  id: 'walletConnect',
  name: 'WalletConnect',
  type: 'EXTERNAL',
  rdns: undefined,
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
    const state = kit.fold([
      configured({ featuredWalletIds: [metaMask!.id] }),
      registered(),
      discovered(),
    ])
    expect(selectConnectorSections(state).map((entry) => entry.section)).toEqual(['injected'])
    expect(selectAllWallets(state).items).toHaveLength(1)
  })

  test('behavior: featured in the site order, recommended the next 4, include and exclude ids applied', () => {
    const state = kit.fold([
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
    const state = kit.fold([
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
    const base = [configured({ projectId: 'p' }), loaded, registered(), walletConnect]
    const ready = kit.fold([...base, page([{ id: 'r1', name: 'Registry One' }], 41)])
    expect(selectAllWallets(ready)).toMatchObject({
      items: [
        { kind: 'connector' },
        { kind: 'registry', wallet: { id: 'r1' }, namespace: 'toychain' },
      ],
      canLoadMore: true,
    })
    const failed = kit.fold([
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
    expect(selectRegistryState(failed)!).toMatchObject({ status: 'unavailable', loadingPage: null })
    expect(selectAllWallets(failed).items).toHaveLength(1 + BUILT_IN_WALLETS.length)
    expect(selectAllWallets(failed).canLoadMore).toBe(false)
  })

  test('behavior: while searching, names match and the registry answer for that text is used, at most 100', () => {
    const many = Array.from({ length: 120 }, (_, index) => ({
      id: `m${index}`,
      name: `Match ${index}`,
    }))
    const state = kit.fold([
      configured({ projectId: 'p' }),
      loaded,
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
    const answered = kit.fold(
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
