import { describe, expect, test } from 'vitest'
import { connected, fold, readyState } from '../../../test/support/events.js'
import { toyAddress } from '../../../test/support/toyChain.js'
import type { TokenBalance, TokenInfo, Transaction } from '../domain.js'

const token = (symbol: string, address: string): TokenInfo => ({
  symbol,
  name: symbol,
  address,
  decimals: 6,
  chainId: 'toychain:main',
})
const held = (address: string, numeric: string): TokenBalance => ({
  name: 'x',
  symbol: 'x',
  address,
  chainId: 'toychain:main',
  price: 1,
  quantity: { decimals: '6', numeric },
})

describe('swap (§3, §4)', () => {
  const native = token('TOY', 'ty0')
  const usdc = token('USDC', 'usdc')
  const initialized = () =>
    fold(
      [
        {
          type: 'swap/initialized',
          payload: {
            tokens: [native, usdc],
            popularTokens: [],
            suggestedTokens: [],
            myTokensWithBalance: [held('ty0', '0.5')],
            sourceToken: native,
            networkPrice: 2,
            networkBalanceInUSD: 1,
          },
        },
      ],
      readyState(),
    )

  test('behavior: the default source is the native token with amount 1; too little balance reads Insufficient balance', () => {
    const state = initialized()
    expect(state.swap).toMatchObject({
      sourceToken: native,
      sourceTokenAmount: '1',
      providerFee: '0.85',
      slippage: 1,
      inputError: 'Insufficient balance',
    })
    expect(
      fold([{ type: 'swap/amountChanged', payload: { amount: '0.25' } }], state).swap.inputError,
    ).toBeNull()
  })

  test('behavior: switching tokens swaps source and destination', () => {
    const state = fold(
      [
        { type: 'swap/tokenSelected', payload: { side: 'to', token: usdc } },
        {
          type: 'swap/quoteReceived',
          payload: {
            toAmount: '3',
            sourceTokenPriceInUSD: 2,
            toTokenPriceInUSD: 1,
            gasFee: '1',
            gasPriceInUSD: 0.1,
            priceImpact: 0.5,
          },
        },
        { type: 'swap/tokensSwitched', payload: {} },
      ],
      initialized(),
    )
    expect(state.swap).toMatchObject({
      sourceToken: usdc,
      toToken: native,
      sourceTokenAmount: '3',
      toTokenAmount: '1',
      sourceTokenPriceInUSD: 1,
      toTokenPriceInUSD: 2,
    })
  })

  test('behavior: an approval and a swap transaction exclude each other; reset clears all', () => {
    const tx = { data: '0x', to: '0x1', gas: '1', gasPrice: '1', value: '0', toAmount: '1' }
    let state = fold(
      [{ type: 'swap/transactionPrepared', payload: { kind: 'approval', transaction: tx } }],
      initialized(),
    )
    expect(state.swap.approvalTransaction).toEqual(tx)
    state = fold(
      [{ type: 'swap/transactionPrepared', payload: { kind: 'swap', transaction: tx } }],
      state,
    )
    expect(state.swap.approvalTransaction).toBeNull()
    expect(fold([{ type: 'swap/reset', payload: {} }], state).swap.initialized).toBe(false)
  })
})

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
        connected(),
        { type: 'transactions/requested', payload: { namespace: 'toychain', caipAddress } },
        {
          type: 'transactions/succeeded',
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
    expect(state.transactions.items.map((item) => item.id)).toEqual(['1'])
    state = fold(
      [
        {
          type: 'transactions/succeeded',
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
    expect(state.transactions).toMatchObject({ next: null, isLoading: false })
    expect(state.transactions.items.map((item) => item.id)).toEqual(['1', '4'])
    expect(
      fold(
        [{ type: 'chain/changed', payload: { namespace: 'toychain', networkId: 'toychain:test' } }],
        state,
      ).transactions.items,
    ).toEqual([])
  })
})
