import { distinctUntilChanged, map, type Observable, shareReplay } from 'rxjs'
import type { KitState } from '../state.js'

/**
 * A derived stream: the selector's value, emitted only when it changes by `equals`, shared by all
 * subscribers and released when the last one leaves (`refCount: true`).
 * @example
 * import { select$, selectView } from '@gangway/kit'
 * select$(kit.state$, selectView).subscribe(console.log)
 * @param state$ - the state stream.
 * @param selector - a pure selector.
 * @param equals - equality for the selected value; `Object.is` by default.
 * @returns the derived stream.
 */
export function select$<TSelected>(
  state$: Observable<KitState>,
  selector: (state: KitState) => TSelected,
  equals: (left: TSelected, right: TSelected) => boolean = Object.is,
): Observable<TSelected> {
  return state$.pipe(
    map(selector),
    distinctUntilChanged(equals),
    shareReplay({ bufferSize: 1, refCount: true }),
  )
}

/**
 * Structural equality for plain JSON values (what selectors return): for selectors that build new
 * arrays or objects on every call.
 * @example
 * import { isStructurallyEqual } from '@gangway/kit'
 * isStructurallyEqual(['a'], ['a']) // true
 */
export function isStructurallyEqual(left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) {
    return false
  }
  if (Array.isArray(left) !== Array.isArray(right)) return false
  const leftKeys = Object.keys(left)
  const rightKeys = Object.keys(right)
  if (leftKeys.length !== rightKeys.length) return false
  return leftKeys.every(
    (key) =>
      Object.hasOwn(right, key) &&
      isStructurallyEqual(
        (left as Record<string, unknown>)[key],
        (right as Record<string, unknown>)[key],
      ),
  )
}
