/**
 * The typing a site relies on: what `createKit` says its features are, what feature and plugin
 * factories accept, and what selectors return. Checked by tsc through vitest's typecheck mode.
 */
import { describe, expectTypeOf, test } from 'vitest'
import { activity } from '../../src/features/activity/index.js'
import { receive } from '../../src/features/receive/index.js'
import { type SendState, selectSendForm, send } from '../../src/features/send/index.js'
import { siwx } from '../../src/features/siwx/index.js'
import { type SwapState, selectSwap, swap } from '../../src/features/swap/index.js'
import {
  type CaipAddress,
  type ChainPlugin,
  createKit as createCoreKit,
  definePlugin,
  featureIntents,
  type Kit,
  type KitState,
  selectActiveCaipAddress,
} from '../../src/kernel/index.js'
import { eip155 } from '../../src/plugins/eip155/index.js'
import { solana } from '../../src/plugins/solana/index.js'
import { createKit } from '../../src/preset/index.js'
import { notes } from '../support/toyFeature/index.js'

describe('kit.features', () => {
  test('a listed kit has exactly its features, each intent returning a promise', () => {
    const kit = createCoreKit({ plugins: [eip155()], features: [send(), notes()] })
    expectTypeOf(kit.features).toHaveProperty('send')
    expectTypeOf(kit.features).toHaveProperty('notes')
    expectTypeOf(kit.features.notes.pin).parameter(0).toEqualTypeOf<string>()
    expectTypeOf(kit.features.notes.pin).returns.toEqualTypeOf<Promise<number>>()
    expectTypeOf(kit.features.send.send).returns.resolves.toEqualTypeOf<{
      readonly hash: string
    }>()
    // @ts-expect-error swap was not listed
    kit.features.swap
  })

  test('falsy entries and nested lists count only what is there', () => {
    const withSwap = false as boolean
    const kit = createCoreKit({
      plugins: [],
      features: [[send(), receive()], withSwap && swap(), null],
    })
    expectTypeOf(kit.features).toHaveProperty('receive')
    expectTypeOf(kit.features).toHaveProperty('swap')
    expectTypeOf(kit.features).toHaveProperty('send')
  })

  test('the preset without a list has every default feature', () => {
    const kit = createKit({ plugins: [eip155(), solana()] })
    expectTypeOf(kit.features.swap.setAmount).toBeFunction()
    expectTypeOf(kit.features.activity.loadMore).toBeFunction()
    expectTypeOf(kit.features.siwx.signIn).toBeFunction()
    expectTypeOf(kit.features).toHaveProperty('receive')
    expectTypeOf(kit.features).toHaveProperty('walletRegistry')
  })

  test('a kit typed without a feature reaches it by name, checked against the definition', () => {
    const kit: Kit = createKit({ plugins: [] })
    expectTypeOf(featureIntents<ReturnType<typeof send>>(kit, 'send').reset).returns.toEqualTypeOf<
      Promise<void>
    >()
    // @ts-expect-error the name must be the definition's
    featureIntents<ReturnType<typeof send>>(kit, 'swap')
  })
})

describe('feature options', () => {
  test('each factory takes its own options, and only those', () => {
    swap({ slippagePercent: '0.5', networks: ['eip155:31337'] })
    siwx({ required: true, statement: 'Sign in to the demo' })
    // @ts-expect-error the slippage is decimal text, never a float
    swap({ slippagePercent: 0.5 })
    // @ts-expect-error send takes no options
    send({ slippagePercent: '1' })
    // @ts-expect-error unknown option
    siwx({ requiredd: true })
  })

  test('the preset passes the default features their options; a listed kit refuses them', () => {
    createKit({ plugins: [], swap: { slippagePercent: '2' }, siwx: { required: false } })
    // @ts-expect-error switches are booleans
    createKit({ plugins: [], features: { swaps: 'no' } })
    // @ts-expect-error the core takes no preset options
    createCoreKit({ plugins: [], swap: { slippagePercent: '2' } })
  })
})

describe('plugin registration', () => {
  test('a plugin keeps its namespace literal; anything else is not a plugin', () => {
    expectTypeOf(eip155()).toEqualTypeOf<ChainPlugin<'eip155'>>()
    expectTypeOf(solana().namespace).toEqualTypeOf<'solana'>()
    const toy = definePlugin({
      namespace: 'toychain',
      networks: [],
      schemas: { address: null as never },
      accountTypes: { default: 'eoa', supported: ['eoa'] },
      createAdapter: null as never,
    } as unknown as ChainPlugin<'toychain'>)
    expectTypeOf(toy.namespace).toEqualTypeOf<'toychain'>()
    // @ts-expect-error a plugin is an object made by a plugin factory, not its name
    createKit({ plugins: ['eip155'] })
  })
})

describe('selectors', () => {
  test('core and feature selectors read typed state, with no cast for a feature slice', () => {
    expectTypeOf(selectActiveCaipAddress).returns.toEqualTypeOf<CaipAddress | null>()
    expectTypeOf(selectSendForm).returns.toEqualTypeOf<SendState | undefined>()
    expectTypeOf(selectSwap).returns.toEqualTypeOf<SwapState | undefined>()
    expectTypeOf<KitState['swap']>().toEqualTypeOf<SwapState | undefined>()
    expectTypeOf(selectActiveCaipAddress).parameter(0).toEqualTypeOf<KitState>()
  })

  test('an activity kit has its intents and no others', () => {
    const kit = createCoreKit({ plugins: [], features: [activity()] })
    expectTypeOf(kit.features).toHaveProperty('activity')
    // @ts-expect-error not registered
    kit.features.send
  })
})
