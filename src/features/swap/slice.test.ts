import { describe, expect, test } from 'vitest'
import { connected, readyState, withFeatures } from '../../../test/support/events.js'
import type { EventInput, KitState, TokenBalance, TokenInfo } from '../../kernel/index.js'
import { swapModule } from './module.js'
import { selectIsSwapOffered, swapNetworksOf } from './offered.js'
import { splitSwapTokens } from './rules.js'
import { selectSwapAction, selectSwapPreview } from './selectors.js'
import type { SwapState } from './slice.js'

const kit = withFeatures([{ name: 'swap', module: swapModule }])
const swapOf = (state: KitState) => (state as unknown as { swap: SwapState }).swap
const fold = kit.fold

const token = (symbol: string, address: string, decimals = 6): TokenInfo => ({
  symbol,
  name: symbol,
  address,
  decimals,
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
const target = {
  namespace: 'toychain',
  networkId: 'toychain:main',
  caipAddress: 'toychain:main:ty1',
} as const
const native = token('TOY', 'ty0')
const usdc = token('USDC', 'usdc')
const quote = (amount: string, toAmount: string): EventInput => ({
  type: 'swap/quote/succeeded',
  payload: {
    from: native,
    to: usdc,
    amount,
    toAmount,
    providerFeeAmount: '0.0085',
    providerFee: '0.85',
    priceImpact: '0.3512',
    sourceTokenPriceInUSD: '3000',
    toTokenPriceInUSD: '1',
    gasFee: '0.0002',
    gasPriceInUSD: '0.6',
  },
})
const tx = { data: '0x', to: '0x1', gas: '1', gasPrice: '1', value: '0', toAmount: '2.5' }

const initialized = () =>
  fold(
    [
      { type: 'swap/initialization/requested', payload: target },
      {
        type: 'swap/initialization/succeeded',
        payload: {
          networkId: 'toychain:main',
          tokens: [native, usdc],
          suggestedTokens: [native, usdc],
          popularTokens: [],
          myTokensWithBalance: [held('ty0', '0.5')],
          sourceToken: native,
          networkPrice: '3000',
          networkBalanceInUSD: '1500',
        },
      },
    ],
    kit.fold([kit.loaded('swap')], readyState()),
  )

describe('swap (§3, §4, §5)', () => {
  test('behavior: a sent swap reads pending, then confirmed after the flow resets, until another flow or the modal closing (issue 22 item 3)', () => {
    const sent = (kind: 'approval' | 'swap', hash: string): EventInput => ({
      type: 'swap/transaction/sent',
      payload: { namespace: 'toychain', networkId: 'toychain:main', kind, hash },
    })
    const done = (kind: 'approval' | 'swap', hash: string): EventInput => ({
      type: 'swap/transaction/succeeded',
      payload: { namespace: 'toychain', kind, hash },
    })
    let state = fold(
      [connected(), { type: 'modal/opened', payload: {} }, sent('approval', 'a1')],
      initialized(),
    )
    expect(swapOf(state).last).toMatchObject({ kind: 'approval', hash: 'a1', status: 'pending' })
    state = fold([done('approval', 'a1'), sent('swap', 's1')], state)
    expect(swapOf(state).last).toMatchObject({ kind: 'swap', hash: 's1', status: 'pending' })
    // The swap went through: the form resets (and again as the visitor leaves), the line stays.
    state = fold([done('swap', 's1'), { type: 'swap/reset', payload: {} }], state)
    expect(swapOf(state).last).toMatchObject({ kind: 'swap', hash: 's1', status: 'confirmed' })
    expect(swapOf(state).sourceToken).toBeNull()
    expect(swapOf(fold([{ type: 'modal/closed', payload: {} }], state)).last).toBeNull()
    expect(
      swapOf(fold([{ type: 'swap/initialization/requested', payload: target }], state)).last,
    ).toBeNull()
    const failed = fold(
      [
        sent('swap', 's2'),
        {
          type: 'swap/transaction/failed',
          payload: {
            namespace: 'toychain',
            kind: 'swap',
            error: {
              name: 'KitError',
              code: 'TRANSACTION_ERROR',
              shortMessage: 'x',
              userMessage: 'Transaction error',
            },
          },
        },
      ],
      state,
    )
    expect(swapOf(failed).last).toMatchObject({ hash: 's2', status: 'failed' })
  })

  test('behavior: the default source is the native token with amount 1; too little balance reads Insufficient balance', () => {
    const state = initialized()
    expect(swapOf(state)).toMatchObject({
      sourceToken: native,
      sourceTokenAmount: '1',
      slippage: '1',
      inputError: 'INSUFFICIENT_BALANCE',
    })
    const typed = fold([{ type: 'swap/amountChanged', payload: { amount: '0.25' } }], state)
    expect(swapOf(typed).inputError).toBeNull()
    // More decimals than the token has is not an amount (§5).
    const tooFine = fold([{ type: 'swap/amountChanged', payload: { amount: '0.1234567' } }], state)
    expect(swapOf(tooFine).inputError).toBe('INVALID_AMOUNT')
  })

  test('behavior: only the quote of the form as it is now is kept; the maximum slippage is exact', () => {
    let state = fold(
      [
        { type: 'swap/tokenSelected', payload: { side: 'to', token: usdc } },
        { type: 'swap/amountChanged', payload: { amount: '0.25' } },
        quote('0.2', '600'),
      ],
      initialized(),
    )
    expect(swapOf(state).toTokenAmount).toBe('')
    state = fold([quote('0.25', '749.123456789')], state)
    expect(swapOf(state)).toMatchObject({
      toTokenAmount: '749.123456789',
      maxSlippage: '7.49123456789',
      priceImpact: '0.3512',
      providerFee: '0.85',
    })
  })

  test('behavior: switching tokens swaps source and destination; picking the other side’s token trades places', () => {
    const quoted = fold(
      [
        { type: 'swap/tokenSelected', payload: { side: 'to', token: usdc } },
        { type: 'swap/amountChanged', payload: { amount: '0.25' } },
        quote('0.25', '750'),
      ],
      initialized(),
    )
    const switched = fold([{ type: 'swap/tokensSwitched', payload: {} }], quoted)
    expect(swapOf(switched)).toMatchObject({
      sourceToken: usdc,
      toToken: native,
      sourceTokenAmount: '750',
      toTokenAmount: '',
      sourceTokenPriceInUSD: '1',
      toTokenPriceInUSD: '3000',
    })
    const traded = fold(
      [{ type: 'swap/tokenSelected', payload: { side: 'to', token: usdc } }],
      switched,
    )
    expect(swapOf(traded)).toMatchObject({ sourceToken: native, toToken: usdc })
  })

  test('behavior: an approval and a swap exclude each other; the action follows; a swap that went through resets', () => {
    let state = fold(
      [
        { type: 'swap/tokenSelected', payload: { side: 'to', token: usdc } },
        { type: 'swap/amountChanged', payload: { amount: '0.25' } },
        quote('0.25', '750'),
        {
          type: 'swap/preparation/succeeded',
          payload: {
            kind: 'approval',
            transaction: tx,
            checked: { contract: 'usdc', amountIn: '0.25', spender: 'router' },
            gasFee: '0.0001',
            gasPriceInUSD: '0.3',
          },
        },
      ],
      initialized(),
    )
    expect(swapOf(state).approvalTransaction).toEqual(tx)
    expect(selectSwapAction(state)).toBe('approve')
    state = fold(
      [
        {
          type: 'swap/preparation/succeeded',
          payload: {
            kind: 'swap',
            transaction: tx,
            minimumReceived: '742.5',
            checked: { contract: 'router', amountIn: '0.25', recipient: 'ty1' },
            gasFee: '0.0002',
            gasPriceInUSD: '0.6',
          },
        },
      ],
      state,
    )
    expect(swapOf(state).approvalTransaction).toBeNull()
    expect(selectSwapAction(state)).toBe('review')
    // The preview's amount, minimum, recipient and router are the call data's (as checked).
    expect(selectSwapPreview(state)).toMatchObject({
      fromAmount: '0.25',
      recipient: 'ty1',
      router: 'router',
      rate: '3000',
      minimumReceived: '742.5',
      providerFee: '0.85',
      networkCost: '0.0002',
      networkCostInUSD: '0.6',
    })
    state = fold(
      [
        {
          type: 'swap/transaction/succeeded',
          payload: { namespace: 'toychain', kind: 'swap', hash: '0xab' },
        },
      ],
      state,
    )
    expect(swapOf(state)).toMatchObject({ initialized: false, sourceToken: null })
  })

  test('behavior: a failure keeps its code for the view; a cancellation is no failure', () => {
    const cancelled = fold(
      [
        {
          type: 'swap/quote/failed',
          payload: {
            error: { name: 'KitError', code: 'CANCELLED', shortMessage: 'x', userMessage: 'x' },
          },
        },
      ],
      initialized(),
    )
    expect(swapOf(cancelled).transactionError).toBeNull()
    const failed = fold(
      [
        {
          type: 'swap/preparation/failed',
          payload: {
            error: {
              name: 'KitError',
              code: 'ALLOWANCE_CHECK_FAILED',
              shortMessage: 'x',
              userMessage: 'Failed to check allowance',
            },
          },
        },
      ],
      initialized(),
    )
    expect(swapOf(failed).transactionError).toBe('ALLOWANCE_CHECK_FAILED')
  })
})

describe('rules', () => {
  test('behavior: §9’s twelve networks plus the site’s own, where the site names a router; Swap is offered only with the feature, the switch, the server and a swap network', () => {
    const router = { router: `0x${'1'.repeat(40)}`, wrappedNative: `0x${'2'.repeat(40)}` }
    // No router named: the kit swaps nowhere rather than trust the service's transactions.
    expect(swapNetworksOf(undefined)).toEqual([])
    expect(swapNetworksOf({ networks: ['eip155:31337'] })).toEqual([])
    expect(
      swapNetworksOf({
        networks: ['eip155:31337'],
        routers: { 'eip155:31337': router, 'eip155:1': router },
      }),
    ).toEqual(['eip155:1', 'eip155:31337'])
    // A router for a network that is neither §9's nor the site's does not make it one.
    expect(swapNetworksOf({ networks: [], routers: { 'eip155:5': router } })).toEqual([])
    const state = readyState()
    expect(selectIsSwapOffered(state)).toBe(false)
  })

  test('behavior: suggested tokens follow §9’s order; the rest are popular', () => {
    const { suggested, popular } = splitSwapTokens([
      token('ZZZ', 'z'),
      token('USDC', 'u'),
      token('ETH', 'e'),
    ])
    expect(suggested.map((entry) => entry.symbol)).toEqual(['ETH', 'USDC'])
    expect(popular.map((entry) => entry.symbol)).toEqual(['ZZZ'])
  })
})
