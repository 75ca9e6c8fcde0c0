'use client'
import { useCallback, useRef, useSyncExternalStore } from 'react'
import type { KitState } from '../kernel/index.js'
import { useKitInstance } from './KitProvider.js'

/**
 * Selects a value from kit state; the component re-renders only when the selected value changes
 * (by `equals`, `Object.is` by default). Server rendering reads the same state.
 * @example
 * import { selectView } from '@gangway/kit'
 * import { useKit } from '@gangway/kit/react'
 * const view = useKit(selectView)
 * @param selector - a pure selector.
 * @param equals - equality for the selected value.
 * @returns the selected value.
 */
export function useKit<TSelected>(
  selector: (state: KitState) => TSelected,
  equals: (left: TSelected, right: TSelected) => boolean = Object.is,
): TSelected {
  const kit = useKitInstance()
  const cache = useRef<{
    state: KitState
    selector: (state: KitState) => TSelected
    selected: TSelected
  } | null>(null)
  // useSyncExternalStore needs a stable snapshot for an unchanged store: reuse the last
  // selection while the state, or the selected value by `equals`, is the same.
  const getSnapshot = useCallback(() => {
    const state = kit.getState()
    const last = cache.current
    // A new selector (one that closes over a changed prop) must run even on the same state.
    if (last && last.state === state && last.selector === selector) return last.selected
    const selected = selector(state)
    if (last && equals(last.selected, selected)) {
      cache.current = { state, selector, selected: last.selected }
      return last.selected
    }
    cache.current = { state, selector, selected }
    return selected
  }, [kit, selector, equals])
  return useSyncExternalStore(kit.subscribe, getSnapshot, getSnapshot)
}
