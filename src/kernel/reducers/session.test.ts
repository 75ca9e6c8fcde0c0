import { describe, expect, test } from 'vitest'
import { connected, discovered, fold, readyState, stamp } from '../../../test/support/events.js'
import { transition } from './rootReducer.js'
import { addRecentWallet } from './session.js'

describe('recent wallets (§3, §9: 2 kept, most recent first)', () => {
  test('default', () => {
    const a = { id: 'a', name: 'A' }
    const b = { id: 'b', name: 'B' }
    const c = { id: 'c', name: 'C' }
    expect(addRecentWallet(addRecentWallet(addRecentWallet([], a), b), c)).toEqual([c, b])
    expect(addRecentWallet([b, a], a)).toEqual([a, b])
  })

  test('behavior: connecting records the wallet; reconnecting the same one changes nothing', () => {
    const state = fold([connected()], readyState())
    expect(state.recentWallets).toEqual([{ id: 'toywallet', name: 'toywallet' }])
    const again = fold(
      [{ type: 'wallet/disconnected', payload: { namespace: 'toychain' } }, connected()],
      state,
    )
    expect(again.recentWallets).toBe(state.recentWallets)
  })

  test('behavior: restored lists are normalised to 2 unique entries', () => {
    const state = fold(
      [
        {
          type: 'storage/restored',
          payload: {
            recentWallets: [
              { id: 'a', name: 'A' },
              { id: 'a', name: 'A' },
              { id: 'b', name: 'B' },
              { id: 'c', name: 'C' },
            ],
          },
        },
      ],
      readyState(),
    )
    expect(state.recentWallets.map((wallet) => wallet.id)).toEqual(['a', 'b'])
  })
})

describe('connector ids across reloads', () => {
  test('behavior: kept on connect, forgotten on disconnect and on a failed silent reconnect', () => {
    let state = fold([connected()], readyState())
    expect(state.session.connectorIds).toEqual({ toychain: 'toywallet' })
    state = fold(
      [{ type: 'disconnection/succeeded', payload: { namespaces: ['toychain'] } }],
      state,
    )
    expect(state.session.connectorIds).toEqual({})
    state = fold(
      [
        {
          type: 'storage/restored',
          payload: { connectorIds: { toychain: 'toywallet', ghost: 'x' } },
        },
        {
          type: 'connection/failed',
          payload: {
            namespace: 'toychain',
            connectorId: 'toywallet',
            silent: true,
            error: {
              name: 'KitError',
              code: 'UNKNOWN_ERROR',
              shortMessage: 'x',
              userMessage: 'Unknown error',
            },
          },
        },
      ],
      state,
    )
    expect(state.session.connectorIds).toEqual({})
  })
})

describe('connectors', () => {
  test('behavior: an announced wallet replaces the legacy injected entry of the same rdns', () => {
    const state = fold(
      [
        discovered('toychain', {
          id: 'injected',
          name: 'Browser Wallet',
          type: 'INJECTED',
          rdns: 'org.example.toywallet',
        }),
      ],
      readyState(),
    )
    expect(state.connectors.ids).toEqual(['toychain/toywallet'])
  })

  test('behavior: rediscovering the same connector changes nothing', () => {
    const state = readyState()
    expect(transition(state, stamp(discovered()))).toBe(state)
  })

  test('behavior: removed connectors leave ids and entities in step', () => {
    const state = fold(
      [{ type: 'connectors/removed', payload: { namespace: 'toychain', ids: ['toywallet'] } }],
      readyState(),
    )
    expect(state.connectors).toEqual({ ids: [], entities: {} })
  })
})

describe('operations', () => {
  test('behavior: a cancelled operation ends without becoming the failure a view shows', () => {
    const failed = (correlationId: string, code: 'CANCELLED' | 'USER_REJECTED') => ({
      type: 'connection/failed' as const,
      payload: {
        namespace: 'toychain',
        connectorId: 'toywallet',
        silent: false,
        error: { name: 'KitError', code, shortMessage: code, userMessage: code },
      },
      correlationId,
    })
    const requested = (correlationId: string) => ({
      type: 'connection/requested' as const,
      payload: { namespace: 'toychain', connectorId: 'toywallet', silent: false },
      correlationId,
    })
    const state = fold(
      [requested('a'), failed('a', 'USER_REJECTED'), requested('b'), failed('b', 'CANCELLED')],
      readyState(),
    )
    expect(state.operations.pending).toEqual({})
    expect(state.operations.lastFailure?.error.code).toBe('USER_REJECTED')
  })
})
