import { describe, expect, test } from 'vitest'
import {
  connected,
  discovered,
  fold,
  readyState,
  registered,
  stamp,
} from '../../../test/support/events.js'
import { toyAddress } from '../../../test/support/toyChain.js'
import { selectAccountStatus } from '../selectors/namespaces.js'
import { createInitialState, initialAccountState } from '../state.js'
import { account } from './namespaces.testSupport.js'
import { transition } from './rootReducer.js'

test('behavior: discovered connectors only register in their own namespace', () => {
  const state = fold([registered(), discovered('toychain', { namespace: 'toyb' })])
  expect(state.connectors.ids).toEqual([])
})

describe('namespace/registered', () => {
  test('default', () => {
    const state = fold([registered()])
    expect(state.namespaces.ids).toEqual(['toychain'])
    expect(state.activeNamespace).toBe('toychain')
    expect(state.namespaces.entities.toychain?.networkState.caipNetworkId).toBe('toychain:main')
    expect(account(state).preferredAccountType).toBe('eoa')
    expect(account(state).status).toBe('disconnected')
  })

  test('behavior: the site default account type wins over the plugin default when supported', () => {
    const configured = fold([
      {
        type: 'kit/configured',
        payload: {
          options: {
            ...createInitialState().options,
            defaultAccountTypes: { toychain: 'smartAccount', other: 'eoa' },
          },
          environment: createInitialState().environment,
        },
      },
      registered(),
    ])
    expect(account(configured).preferredAccountType).toBe('smartAccount')
  })

  test('behavior: a second registration of a namespace changes nothing', () => {
    const state = fold([registered()])
    expect(transition(state, stamp(registered()))).toBe(state)
  })
})

describe('connection', () => {
  test('behavior: requested → connecting, succeeded → connected with every field', () => {
    const connecting = fold(
      [
        {
          type: 'connection/requested',
          payload: { namespace: 'toychain', connectorId: 'toywallet', silent: false },
          correlationId: 'c1',
        },
      ],
      readyState(),
    )
    // Connecting is the operation in flight, not a second record in the account.
    expect(selectAccountStatus(connecting, 'toychain')).toBe('connecting')
    expect(account(connecting).status).toBe('disconnected')
    const state = fold([connected()], connecting)
    expect(account(state)).toMatchObject({
      status: 'connected',
      connectorId: 'toywallet',
      caipAddress: `toychain:main:${toyAddress(1)}`,
      address: toyAddress(1),
      addressExplorerUrl: `https://toyscan.example/address/${toyAddress(1)}`,
      connectedWalletInfo: { name: 'Toy Wallet' },
    })
    expect(state.namespaces.entities.toychain?.networkState.approvedCaipNetworkIds).toEqual([
      'toychain:main',
    ])
  })

  test('behavior: a failed connect resets the account (§4 reset)', () => {
    const state = fold(
      [
        {
          type: 'connection/requested',
          payload: { namespace: 'toychain', connectorId: 'toywallet', silent: false },
        },
        {
          type: 'connection/failed',
          payload: {
            namespace: 'toychain',
            connectorId: 'toywallet',
            silent: false,
            error: {
              name: 'UserRejectedError',
              code: 'USER_REJECTED',
              shortMessage: 'x',
              userMessage: 'Signature declined',
            },
          },
        },
      ],
      readyState(),
    )
    expect(account(state)).toEqual(initialAccountState('eoa'))
  })

  test('behavior: a failed second connect keeps the live connection', () => {
    const live = fold([connected()], readyState())
    const state = fold(
      [
        {
          type: 'connection/requested',
          payload: { namespace: 'toychain', connectorId: 'other', silent: false },
        },
        {
          type: 'connection/failed',
          payload: {
            namespace: 'toychain',
            connectorId: 'other',
            silent: false,
            error: {
              name: 'KitError',
              code: 'UNKNOWN_ERROR',
              shortMessage: 'x',
              userMessage: 'Unknown error',
            },
          },
        },
      ],
      live,
    )
    expect(account(state)).toEqual(account(live))
  })
})

describe('reset', () => {
  test('behavior: wallet/disconnected clears every account field and the connector id, keeps preferences', () => {
    let state = fold(
      [
        connected(),
        {
          type: 'accountType/changed',
          payload: { namespace: 'toychain', accountType: 'smartAccount' },
        },
      ],
      readyState(),
    )
    state = fold(
      [
        {
          type: 'account/profileResolved',
          payload: {
            namespace: 'toychain',
            caipAddress: `toychain:main:${toyAddress(1)}`,
            profileName: 'toy.eth',
            profileImage: null,
          },
        },
        { type: 'account/tabSelected', payload: { tab: 'activity' } },
        { type: 'wallet/disconnected', payload: { namespace: 'toychain' } },
      ],
      state,
    )
    // §4 reset: the account tab goes back to Tokens too (issue #11, item 14).
    expect(account(state)).toEqual(initialAccountState('smartAccount'))
    expect(account(state).currentTab).toBe('tokens')
  })

  test('behavior: disconnecting the active namespace activates another connected one', () => {
    const both = fold([connected('toychain'), connected('toyb')], readyState(['toychain', 'toyb']))
    expect(both.activeNamespace).toBe('toyb')
    const state = fold(
      [{ type: 'disconnection/succeeded', payload: { namespaces: ['toyb'] } }],
      both,
    )
    expect(state.activeNamespace).toBe('toychain')
    expect(account(state, 'toychain').status).toBe('connected')
  })
})
