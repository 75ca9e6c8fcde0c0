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
import { selectActiveNetwork, selectEffectiveAccountType } from '../selectors/namespaces.js'
import { createInitialState, initialAccountState } from '../state.js'
import { transition } from './rootReducer.js'

const account = (state: ReturnType<typeof fold>, namespace = 'toychain') =>
  state.namespaces.entities[namespace]!.accountState

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
        },
      ],
      readyState(),
    )
    expect(account(connecting).status).toBe('connecting')
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
    expect(account(state)).toEqual({
      ...initialAccountState('smartAccount'),
      currentTab: 'activity',
    })
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

describe('wallet-side facts', () => {
  test('behavior: an identical account/changed returns the same state (idempotence)', () => {
    const state = fold([connected()], readyState())
    const same = transition(
      state,
      stamp({
        type: 'account/changed',
        payload: { namespace: 'toychain', caipAddress: `toychain:main:${toyAddress(1)}` },
      }),
    )
    expect(same).toBe(state)
  })

  test('behavior: a new account clears balance and profile', () => {
    let state = fold(
      [
        connected(),
        {
          type: 'balance/succeeded',
          payload: {
            namespace: 'toychain',
            caipAddress: `toychain:main:${toyAddress(1)}`,
            balance: '5',
            symbol: 'TOY',
            tokens: [],
          },
        },
        {
          type: 'account/profileResolved',
          payload: {
            namespace: 'toychain',
            caipAddress: `toychain:main:${toyAddress(1)}`,
            profileName: 'a',
            profileImage: null,
          },
        },
      ],
      readyState(),
    )
    expect(account(state).balance).toBe('5')
    state = fold(
      [
        {
          type: 'account/changed',
          payload: { namespace: 'toychain', caipAddress: `toychain:main:${toyAddress(2)}` },
        },
      ],
      state,
    )
    expect(account(state)).toMatchObject({
      address: toyAddress(2),
      balance: null,
      profileName: null,
    })
  })

  test('behavior: chain/changed moves the CAIP address to the new network; an unknown network is kept as unsupported', () => {
    let state = fold(
      [
        connected(),
        { type: 'network/changed', payload: { namespace: 'toychain', networkId: 'toychain:test' } },
      ],
      readyState(),
    )
    expect(account(state).caipAddress).toBe(`toychain:test:${toyAddress(1)}`)
    state = fold(
      [
        {
          type: 'network/changed',
          payload: { namespace: 'toychain', networkId: 'toychain:nowhere' },
        },
      ],
      state,
    )
    expect(selectActiveNetwork(state)).toEqual({
      id: 'toychain:nowhere',
      descriptor: undefined,
      isSupported: false,
    })
  })

  test('behavior: events for an unregistered namespace change nothing', () => {
    const state = readyState()
    for (const input of [
      connected('ghost'),
      { type: 'wallet/disconnected', payload: { namespace: 'ghost' } } as const,
    ]) {
      expect(transition(state, stamp(input))).toBe(state)
    }
  })
})

describe('balances', () => {
  const caipAddress = `toychain:main:${toyAddress(1)}` as const
  const token = (decimals: string) => ({
    name: 'T',
    symbol: 'T',
    chainId: 'toychain:main' as const,
    address: 'tok',
    price: 1,
    quantity: { decimals, numeric: '1' },
  })

  test('behavior: tokens with 0 decimals are filtered out (§5)', () => {
    const state = fold(
      [
        connected(),
        {
          type: 'balance/succeeded',
          payload: {
            namespace: 'toychain',
            caipAddress,
            balance: '1',
            symbol: 'TOY',
            tokens: [token('0'), token('6')],
          },
        },
      ],
      readyState(),
    )
    expect(account(state).tokenBalance.map((entry) => entry.quantity.decimals)).toEqual(['6'])
  })

  test('behavior: a result for another address is ignored', () => {
    const state = fold([connected()], readyState())
    const other = stamp({
      type: 'balance/succeeded',
      payload: {
        namespace: 'toychain',
        caipAddress: `toychain:main:${toyAddress(9)}`,
        balance: '1',
        symbol: 'TOY',
        tokens: [],
      },
    })
    expect(transition(state, other)).toBe(state)
  })

  test('behavior: a read replaced by a newer one is no failure: no retry block starts', () => {
    const cancelled = {
      name: 'CancelledError',
      code: 'CANCELLED' as const,
      shortMessage: 'Request was aborted',
      userMessage: 'Request was aborted',
    }
    const state = fold([connected()], readyState())
    const caipAddress = account(state).caipAddress!
    const after = transition(
      state,
      stamp({
        type: 'balance/failed',
        payload: { namespace: 'toychain', caipAddress, error: cancelled },
      }),
    )
    expect(after).toBe(state)
    expect(account(after).balanceFailedAt).toBeNull()
  })

  test('behavior: a failure inside the 30 s window does not extend it', () => {
    const error = {
      name: 'KitError',
      code: 'TOKEN_BALANCE_UNAVAILABLE' as const,
      shortMessage: 'x',
      userMessage: 'Token Balance Unavailable',
    }
    let state = fold([connected()], readyState())
    state = transition(
      state,
      stamp(
        { type: 'balance/failed', payload: { namespace: 'toychain', caipAddress, error } },
        1_000,
      ),
    )
    state = transition(
      state,
      stamp(
        { type: 'balance/failed', payload: { namespace: 'toychain', caipAddress, error } },
        20_000,
      ),
    )
    expect(account(state).balanceFailedAt).toBe(1_000)
    state = transition(
      state,
      stamp(
        { type: 'balance/failed', payload: { namespace: 'toychain', caipAddress, error } },
        31_000,
      ),
    )
    expect(account(state).balanceFailedAt).toBe(31_000)
  })
})

describe('account types (§6)', () => {
  test('behavior: smart accounts are enabled per network', () => {
    const smartWallet = connected()
    const payload = smartWallet.payload as { accounts: { caipAddress: string; type: string }[] }
    payload.accounts = [
      { caipAddress: payload.accounts[0]!.caipAddress, type: 'eoa' },
      { caipAddress: `toychain:main:${toyAddress(7)}`, type: 'smartAccount' },
    ]
    let state = fold(
      [
        smartWallet,
        {
          type: 'accountType/changed',
          payload: { namespace: 'toychain', accountType: 'smartAccount' },
        },
      ],
      readyState(),
    )
    expect(selectEffectiveAccountType(state, 'toychain')).toBe('eoa')
    state = fold(
      [{ type: 'network/changed', payload: { namespace: 'toychain', networkId: 'toychain:test' } }],
      state,
    )
    expect(selectEffectiveAccountType(state, 'toychain')).toBe('smartAccount')
  })

  test('behavior: a wallet that offers only eoa accounts is never treated as a smart account', () => {
    const state = fold(
      [
        connected('toychain', 1, 'toywallet', 'test'),
        {
          type: 'accountType/changed',
          payload: { namespace: 'toychain', accountType: 'smartAccount' },
        },
      ],
      readyState(),
    )
    expect(state.namespaces.entities.toychain?.networkState.caipNetworkId).toBe('toychain:test')
    expect(selectEffectiveAccountType(state, 'toychain')).toBe('eoa')
  })

  test('behavior: an account type the namespace does not support is ignored', () => {
    const state = readyState()
    expect(
      transition(
        state,
        stamp({
          type: 'accountType/changed',
          payload: { namespace: 'toychain', accountType: 'payment' },
        }),
      ),
    ).toBe(state)
  })
})

test('behavior: discovered connectors only register in their own namespace', () => {
  const state = fold([registered(), discovered('toychain', { namespace: 'toyb' })])
  expect(state.connectors.ids).toEqual([])
})
