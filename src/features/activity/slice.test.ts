import { describe, expect, test } from 'vitest'
import { connected, readyState, withFeatures } from '../../../test/support/events.js'
import { toyAddress } from '../../../test/support/toyChain.js'
import type { ErrorCode, EventInput, KitState, Transaction } from '../../kernel/index.js'
import { sendModule } from '../send/module.js'
import { activityModule } from './module.js'
import { groupActivity } from './selectors.js'
import type { ActivityState } from './slice.js'

const kit = withFeatures([
  { name: 'send', module: sendModule },
  { name: 'activity', module: activityModule },
])
const fold = kit.fold
const activityOf = (state: KitState) => (state as unknown as { activity: ActivityState }).activity
const caipAddress = `toychain:main:${toyAddress(1)}` as const

const transaction = (
  id: string,
  chain: string,
  spam: boolean,
  minedAt = '2026-01-01T00:00:00Z',
): Transaction => ({
  id,
  metadata: {
    minedAt,
    chain,
    operationType: 'send',
    status: 'confirmed',
    sentFrom: 'a',
    sentTo: 'b',
  },
  transfers: [{ nft_info: { flags: { is_spam: spam } }, quantity: { numeric: '1' } }],
})
const page = (transactions: Transaction[], next: string | null, cursor?: string): EventInput => ({
  type: 'activity/succeeded',
  payload: {
    namespace: 'toychain',
    caipAddress,
    transactions,
    next,
    ...(cursor ? { cursor } : {}),
  },
})
const ready = () => fold([kit.loaded('send'), kit.loaded('activity'), connected()], readyState())

describe('activity (§5)', () => {
  test('behavior: spam and other chains are dropped; pages append without duplicates', () => {
    let state = fold(
      [
        { type: 'activity/requested', payload: { namespace: 'toychain', caipAddress } },
        page(
          [
            transaction('1', 'toychain:main', false),
            transaction('2', 'toychain:main', true),
            transaction('3', 'toychain:test', false),
          ],
          'c2',
        ),
      ],
      ready(),
    )
    expect(activityOf(state).items.map((item) => item.id)).toEqual(['1'])
    expect(activityOf(state)).toMatchObject({ isLoaded: true, next: 'c2' })
    state = fold(
      [
        page(
          [transaction('1', 'toychain:main', false), transaction('4', 'toychain:main', false)],
          null,
          'c2',
        ),
      ],
      state,
    )
    expect(activityOf(state)).toMatchObject({ next: null, isLoading: false })
    expect(activityOf(state).items.map((item) => item.id)).toEqual(['1', '4'])
    const moved = fold(
      [{ type: 'network/changed', payload: { namespace: 'toychain', networkId: 'toychain:test' } }],
      state,
    )
    expect(activityOf(moved)).toMatchObject({ items: [], isLoaded: false, next: null })
  })

  test('behavior: a refreshed first page adds what is new on top and keeps the later pages and cursor', () => {
    const older = transaction('old', 'toychain:main', false, '2026-01-01T00:00:00Z')
    const newer = transaction('new', 'toychain:main', false, '2026-01-02T00:00:00Z')
    const state = fold(
      [
        page([older], 'c2'),
        page([transaction('older', 'toychain:main', false, '2025-12-01T00:00:00Z')], 'c3', 'c2'),
        page([newer, older], 'c2'),
      ],
      ready(),
    )
    expect(activityOf(state).items.map((item) => item.id)).toEqual(['new', 'old', 'older'])
    expect(activityOf(state).next).toBe('c3')
  })

  test('behavior: a first page the service answered while still indexing lists what it has but never counts as "nothing there"', () => {
    const incomplete: EventInput = {
      type: 'activity/succeeded',
      payload: {
        namespace: 'toychain',
        caipAddress,
        transactions: [],
        next: null,
        complete: false,
      },
    }
    let state = fold([incomplete], ready())
    expect(activityOf(state)).toMatchObject({ items: [], isLoaded: false, isIndexing: true })
    state = fold([page([transaction('1', 'toychain:main', false)], null)], state)
    expect(activityOf(state)).toMatchObject({ isLoaded: true, isIndexing: false })
    expect(activityOf(state).items.map((item) => item.id)).toEqual(['1'])
  })

  test('behavior: a failure keeps what is listed; a replaced request is not a failure', () => {
    const failed = (code: ErrorCode): EventInput => ({
      type: 'activity/failed',
      payload: {
        namespace: 'toychain',
        error: {
          name: 'KitError',
          code,
          shortMessage: 'x',
          userMessage: 'Failed to fetch transactions',
        },
      },
    })
    let state = fold(
      [page([transaction('1', 'toychain:main', false)], null), failed('CANCELLED')],
      ready(),
    )
    expect(activityOf(state).error).toBeNull()
    state = fold([failed('TRANSACTIONS_FETCH_FAILED')], state)
    expect(activityOf(state)).toMatchObject({
      error: { code: 'TRANSACTIONS_FETCH_FAILED' },
      items: [{ id: '1' }],
      isLoading: false,
    })
  })
})

describe('sends made in the modal (§4)', () => {
  const requested: EventInput = {
    type: 'send/requested',
    payload: {
      namespace: 'toychain',
      from: caipAddress,
      to: toyAddress(2),
      amount: '1.5',
      token: null,
    },
    correlationId: 's1',
  }
  const succeeded: EventInput = {
    type: 'send/succeeded',
    payload: { namespace: 'toychain', hash: '0xabc', networkId: 'toychain:main' },
    correlationId: 's1',
  }

  test('behavior: a send shows at once as pending, then as confirmed; the indexed record replaces it', () => {
    let state = fold([requested, succeeded], ready())
    expect(activityOf(state).items).toEqual([
      {
        id: '0xabc',
        metadata: {
          minedAt: '2026-01-01T00:00:00.000Z',
          chain: 'toychain:main',
          operationType: 'send',
          status: 'pending',
          sentFrom: toyAddress(1),
          sentTo: toyAddress(2),
        },
        transfers: [
          { fungible_info: { symbol: expect.any(String) }, quantity: { numeric: '1.5' } },
        ],
      },
    ])
    expect(activityOf(state).sending).toEqual({})
    state = fold(
      [
        {
          type: 'send/confirmed',
          payload: { namespace: 'toychain', hash: '0xabc', status: 'reverted' },
        },
      ],
      state,
    )
    expect(activityOf(state).items[0]!.metadata.status).toBe('failed')
    state = fold([page([transaction('0xabc', 'toychain:main', false)], null)], state)
    expect(activityOf(state).items).toEqual([transaction('0xabc', 'toychain:main', false)])
  })

  test('behavior: a failed send leaves nothing behind', () => {
    const state = fold(
      [
        requested,
        {
          type: 'send/failed',
          payload: {
            namespace: 'toychain',
            error: {
              name: 'KitError',
              code: 'USER_REJECTED',
              shortMessage: 'x',
              userMessage: 'Signature declined',
            },
          },
          correlationId: 's1',
        },
      ],
      ready(),
    )
    expect(activityOf(state)).toMatchObject({ items: [], sending: {} })
  })

  test('behavior: another account connecting clears the list', () => {
    const state = fold([requested, succeeded, connected('toychain', 2)], ready())
    expect(activityOf(state).items).toEqual([])
  })
})

test('rule §9: groups by month in the current year, month and year before, in list order', () => {
  const items = [
    transaction('a', 'x', false, '2026-03-02T10:00:00Z'),
    transaction('b', 'x', false, '2026-03-01T10:00:00Z'),
    transaction('c', 'x', false, '2026-01-05T10:00:00Z'),
    transaction('d', 'x', false, '2025-12-31T10:00:00Z'),
  ]
  expect(
    groupActivity(items, 2026).map((group) => [
      group.title,
      group.transactions.map((item) => item.id),
    ]),
  ).toEqual([
    ['March', ['a', 'b']],
    ['January', ['c']],
    ['December 2025', ['d']],
  ])
  expect(groupActivity(items, 2026, 'de')[2]!.title).toBe('Dezember 2025')
})
