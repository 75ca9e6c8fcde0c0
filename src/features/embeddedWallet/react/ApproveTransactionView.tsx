'use client'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { featureIntents } from '../../../kernel/index.js'
import { useFeatureCopy, VIEW_CSS } from '../../../ui/index.js'
import type { embeddedWallet } from '../feature.js'
import { embeddedWalletMessages } from './messages.js'

// The slot fills what the card has below its header and this view's line, so the card does not
// scroll under the frame (the frame follows the slot, but cannot be clipped by the card).
const APPROVE_CSS = `
.gw-approval-slot { width: 100%; height: clamp(220px, calc(100vh - 300px), 440px); margin-top: 8px; }
`

/**
 * ApproveTransaction: hosts the wallet's frame while it asks for the visitor's click (an approval,
 * a new wallet's passkey, an export). The frame cannot be moved into the modal without reloading
 * it, so it is shown exactly over this view's slot and follows it (decision 0716); the modal
 * counts it as its last control for the keyboard. Closing the modal or going back declines what
 * the frame asked.
 * @internal
 */
export function ApproveTransactionView() {
  const { kit, t, theme, locale } = useFeatureCopy(embeddedWalletMessages)
  const intents = featureIntents<ReturnType<typeof embeddedWallet>>(kit, 'embeddedWallet')
  const slot = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const element = slot.current
    if (!element) return
    let release: (() => void) | undefined
    let isGone = false
    void intents.hostApproval(element).then((hosted) => {
      if (isGone) hosted()
      else release = hosted
    })
    return () => {
      isGone = true
      release?.()
    }
  }, [intents])
  // The frame draws its dialog in the card's theme and language, not the system's.
  useEffect(() => {
    intents.syncTheme(theme, locale.tag).catch(() => undefined)
  }, [intents, theme, locale.tag])
  return (
    <div className="gw-center" data-gangway="approve-transaction">
      <style>{VIEW_CSS}</style>
      <style>{APPROVE_CSS}</style>
      <p className="gw-muted">{t('embeddedWallet.approveExplain')}</p>
      <div ref={slot} className="gw-approval-slot" data-gangway="approval-slot" />
    </div>
  )
}
