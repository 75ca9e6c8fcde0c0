'use client'
import { useCallback, useRef, useSyncExternalStore } from 'react'
import type { KitState } from '../kernel/index.js'
import { useKitInstance } from './KitProvider.js'

/**
 * Selects a value from kit state; the component re-renders only when the selected value changes
 * (by `equals`, `Object.is` by default). With a kit made with `ssr: true`, a server render and the
 * client render that hydrates its HTML read the kit's first state (`kit.getInitialState()`), so
 * both show the same markup whatever the browser's kit found meanwhile; the live state follows
 * right after hydration. Any other kit is read as it is, on a server too.
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
  const select = useCallback(
    (state: KitState) => {
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
    },
    [selector, equals],
  )
  const getSnapshot = useCallback(() => select(kit.getState()), [kit, select])
  // A server-rendered page's HTML shows the first state; hydrating from the live one (a stored
  // session restored, a wallet announced) would not match it (React error #418).
  const getServerSnapshot = useCallback(
    () => select(kit.ssr ? kit.getInitialState() : kit.getState()),
    [kit, select],
  )
  return useSyncExternalStore(kit.subscribe, getSnapshot, getServerSnapshot)
}
