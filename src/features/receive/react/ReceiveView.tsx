'use client'
import { useState } from 'react'
import { isStructurallyEqual } from '../../../kernel/index.js'
import { QrCode, useFeatureCopy, useKit, VIEW_CSS } from '../../../ui/index.js'
import { selectReceiveTarget } from '../selectors.js'
import { receiveMessages } from './messages.js'

/** Read by assistive technology, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const

/**
 * Receive: the connected address in full (never truncated: the visitor reads it off to a sender),
 * a QR code of it, a copy button that says so only when the browser really copied, the network,
 * and a warning to send only on that network and chain family.
 * @internal
 */
export function ReceiveView() {
  const { t } = useFeatureCopy(receiveMessages)
  const target = useKit(selectReceiveTarget, isStructurallyEqual)
  const [copied, setCopied] = useState<string | null>(null)
  if (!target) return <p className="gw-muted">{t('receive.disconnected')}</p>
  const family = t(`receive.family.${target.namespace}`)
  const copy = () => {
    navigator.clipboard?.writeText(target.address).then(
      () => setCopied(target.address),
      () => setCopied(null),
    )
  }
  return (
    <div data-gangway="receive">
      <style>{VIEW_CSS}</style>
      <QrCode value={target.address} label={t('receive.qr')} />
      <p className="gw-muted gw-center">{t('receive.address')}</p>
      <p className="gw-center" data-gangway="receive-address" style={{ overflowWrap: 'anywhere' }}>
        <code>{target.address}</code>
      </p>
      <button type="button" className="gw-button gw-primary" onClick={copy}>
        {copied === target.address ? t('receive.copied') : t('receive.copy')}
      </button>
      <p className="gw-center" data-gangway="receive-network">
        {t('receive.network', { network: target.networkName })}
      </p>
      <p className="gw-error" role="note" data-gangway="receive-warning">
        {t('receive.warning', {
          family: family === `receive.family.${target.namespace}` ? target.namespace : family,
          network: target.networkName,
        })}
      </p>
      <span aria-live="polite" style={VISUALLY_HIDDEN}>
        {copied === target.address ? t('receive.copied') : ''}
      </span>
    </div>
  )
}
