import { describe, expect, test } from 'vitest'
import { connected, readyState, withFeatures } from '../../../test/support/events.js'
import { toyAddress } from '../../../test/support/toyChain.js'
import type { KitState, Transaction } from '../../kernel/index.js'
import { activityModule } from './module.js'
import type { ActivityState } from './slice.js'

const kit = withFeatures([{ name: 'activity', module: activityModule }])
const fold = kit.fold
const activityOf = (state: KitState) => (state as unknown as { activity: ActivityState }).activity

describe('activity (§5)', () => {
  const transaction = (id: string, chain: string, spam: boolean): Transaction => ({
    id,
    metadata: {
      minedAt: '2026-01-01T00:00:00Z',
      chain,
      operationType: 'send',
      status: 'confirmed',
      sentFrom: 'a',
      sentTo: 'b',
    },
    transfers: [{ nft_info: { flags: { is_spam: spam } }, quantity: { numeric: '1' } }],
  })

  test('behavior: spam and other chains are dropped; pages append without duplicates', () => {
    const caipAddress = `toychain:main:${toyAddress(1)}` as const
    let state = fold(
      [
        kit.loaded('activity'),
        connected(),
        { type: 'activity/requested', payload: { namespace: 'toychain', caipAddress } },
        {
          type: 'activity/succeeded',
          payload: {
            namespace: 'toychain',
            caipAddress,
            transactions: [
              transaction('1', 'toychain:main', false),
              transaction('2', 'toychain:main', true),
              transaction('3', 'toychain:test', false),
            ],
            next: 'c2',
          },
        },
      ],
      readyState(),
    )
    expect(activityOf(state).items.map((item) => item.id)).toEqual(['1'])
    state = fold(
      [
        {
          type: 'activity/succeeded',
          payload: {
            namespace: 'toychain',
            caipAddress,
            transactions: [
              transaction('1', 'toychain:main', false),
              transaction('4', 'toychain:main', false),
            ],
            next: null,
          },
        },
      ],
      state,
    )
    expect(activityOf(state)).toMatchObject({ next: null, isLoading: false })
    expect(activityOf(state).items.map((item) => item.id)).toEqual(['1', '4'])
    expect(
      activityOf(
        fold(
          [
            {
              type: 'network/changed',
              payload: { namespace: 'toychain', networkId: 'toychain:test' },
            },
          ],
          state,
        ),
      ).items,
    ).toEqual([])
  })
})
