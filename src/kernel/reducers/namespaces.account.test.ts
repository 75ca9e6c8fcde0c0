import { describe, expect, test } from 'vitest'
import { connected, fold, readyState, stamp } from '../../../test/support/events.js'
import { toyAddress } from '../../../test/support/toyChain.js'
import { selectActiveNetwork, selectEffectiveAccountType } from '../selectors/namespaces.js'
import { account } from './namespaces.testSupport.js'
import { transition } from './rootReducer.js'

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
