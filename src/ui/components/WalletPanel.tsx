'use client'
import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useUi } from '../KitProvider.js'
import { DialogFrame } from '../Modal.js'
import { MODAL_CSS } from '../theme/styles.js'
import { useKit } from '../useKit.js'

/**
 * The embedded wallet panel, for kits created with `embedded: true`: the modal's views inline in
 * the page where the site places it, in its own shadow root, without an overlay and without making
 * the page inert. Closing returns to Account when connected, else Connect (§2); Escape goes back.
 * @example
 * import { KitProvider, WalletPanel } from '@gangway/kit/react'
 * export const Page = () => <KitProvider kit={kit}><WalletPanel /></KitProvider>
 */
export function WalletPanel() {
  const { kit, theme, locale, dir, t } = useUi()
  const isShaking = useKit((state) => state.modal.isShaking)
  const host = useRef<HTMLDivElement>(null)
  const [mount, setMount] = useState<HTMLElement | null>(null)

  useEffect(() => {
    const element = host.current
    if (!element) return
    // Strict mode mounts twice: reuse the shadow root the first mount attached.
    const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' })
    const style = document.createElement('style')
    style.textContent = MODAL_CSS
    const target = document.createElement('div')
    shadow.replaceChildren(style, target)
    setMount(target)
    return () => shadow.replaceChildren()
  }, [])

  return (
    <div ref={host} data-gangway="panel">
      {mount
        ? createPortal(
            <div className="gw-root" data-theme={theme} lang={locale.tag} dir={dir}>
              <section
                className="gw-dialog"
                aria-labelledby="gw-title"
                aria-label={t('modal.label')}
                data-shaking={isShaking}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') kit.back()
                }}
              >
                <DialogFrame />
              </section>
            </div>,
            mount,
          )
        : null}
    </div>
  )
}
