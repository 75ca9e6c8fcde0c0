/** The React layer's typing: what `useKit` returns for a selector and an equality. */
import { describe, expectTypeOf, test } from 'vitest'
import { type SwapState, selectSwap } from '../../src/features/swap/index.js'
import {
  type AccountState,
  type CaipAddress,
  isStructurallyEqual,
  type KitState,
  selectActiveAccount,
  selectActiveCaipAddress,
} from '../../src/kernel/index.js'
import { useKit } from '../../src/ui/index.js'

describe('useKit', () => {
  test('returns what the selector returns', () => {
    expectTypeOf(useKit(selectActiveCaipAddress)).toEqualTypeOf<CaipAddress | null>()
    expectTypeOf(useKit(selectActiveAccount)).toEqualTypeOf<AccountState | undefined>()
    expectTypeOf(useKit(selectSwap)).toEqualTypeOf<SwapState | undefined>()
    expectTypeOf(useKit((state) => state.connectors.ids.length, Object.is)).toEqualTypeOf<number>()
  })

  test('the equality compares what the selector returns', () => {
    useKit((state) => state.activeNamespace, isStructurallyEqual)
    const byText = (left: string, right: string) => left === right
    const count = (state: KitState) => state.connectors.ids.length
    // @ts-expect-error an equality over another type
    useKit(count, byText)
    // @ts-expect-error a selector takes the kit state
    useKit((state: number) => state)
  })
})
