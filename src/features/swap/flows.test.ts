import { describe, expect, test } from 'vitest'
import { readyState, withFeatures } from '../../../test/support/events.js'
import type { KitState, TokenBalance, TokenInfo } from '../../kernel/index.js'
import { swapModule } from './module.js'
import type { SwapState } from './slice.js'

const kit = withFeatures([{ name: 'swap', module: swapModule }])
const swapOf = (state: KitState) => (state as unknown as { swap: SwapState }).swap
const fold = kit.fold

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
      kit.fold([kit.loaded('swap')], readyState()),
    )

  test('behavior: the default source is the native token with amount 1; too little balance reads Insufficient balance', () => {
    const state = initialized()
    expect(swapOf(state)).toMatchObject({
      sourceToken: native,
      sourceTokenAmount: '1',
      providerFee: '0.85',
      slippage: 1,
      inputError: 'Insufficient balance',
    })
    expect(
      swapOf(fold([{ type: 'swap/amountChanged', payload: { amount: '0.25' } }], state)).inputError,
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
    expect(swapOf(state)).toMatchObject({
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
    expect(swapOf(state).approvalTransaction).toEqual(tx)
    state = fold(
      [{ type: 'swap/transactionPrepared', payload: { kind: 'swap', transaction: tx } }],
      state,
    )
    expect(swapOf(state).approvalTransaction).toBeNull()
    expect(swapOf(fold([{ type: 'swap/reset', payload: {} }], state)).initialized).toBe(false)
  })
})
