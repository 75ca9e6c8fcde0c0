'use client'
import { codeText } from '../copy/messages.js'
import { useUi } from '../KitProvider.js'
import { useKit } from '../useKit.js'

/** The §4 snack message: announced politely to screen readers, never stealing focus. @internal */
export function Snackbar() {
  const { locale } = useUi()
  const snack = useKit((state) => state.snack)
  return (
    <div role="status" aria-live="polite">
      {snack.isOpen ? (
        <div className="gw-snack" data-variant={snack.variant}>
          {snack.text ?? codeText(locale, snack.code ?? '', snack.params)}
        </div>
      ) : null}
    </div>
  )
}
