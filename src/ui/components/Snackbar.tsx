'use client'
import { useUi } from '../KitProvider.js'
import { useKit } from '../useKit.js'

/**
 * The §4 snack message: announced politely to screen readers, never stealing focus. A code reads
 * in the visitor's language from the core's copy or the loaded features' (a feature's own code,
 * 'No swap route between these tokens', included), never as the code itself.
 * @internal
 */
export function Snackbar() {
  const { codeText } = useUi()
  const snack = useKit((state) => state.snack)
  return (
    <div role="status" aria-live="polite" data-gangway="snackbar">
      {snack.isOpen ? (
        <div className="gw-snack" data-variant={snack.variant}>
          {snack.text ?? codeText(snack.code ?? '', snack.params)}
        </div>
      ) : null}
    </div>
  )
}
