'use client'
import { useState } from 'react'
import {
  selectChosenWallet,
  toWalletConnectDeepLink,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../../kernel/index.js'
import { ConnectionFailure, QrCode, useFeatureCopy, useKit, VIEW_CSS } from '../../../ui/index.js'
import { selectPairing } from '../selectors.js'
import { walletConnectMessages } from './messages.js'

/**
 * ConnectingWalletConnect: the pairing URI as a QR code and a copy-link button. When a pairing
 * expires the kernel asks for a fresh one, and this view shows it.
 * @internal
 */
export function ConnectingWalletConnectView() {
  const { t } = useFeatureCopy(walletConnectMessages)
  const pairing = useKit(selectPairing)
  const namespace = useKit((state) => state.activeNamespace)
  const failure = useKit((state) => {
    const last = state.operations.lastFailure
    return last?.type === 'connection' && last.connectorId === WALLET_CONNECT_CONNECTOR_ID
      ? last
      : null
  })
  const chosen = useKit(selectChosenWallet)
  const device = useKit((state) => state.environment.device)
  const [copied, setCopied] = useState(false)
  if (!pairing) {
    return failure && namespace ? (
      <div className="gw-center">
        <style>{VIEW_CSS}</style>
        <ConnectionFailure
          error={failure.error}
          namespace={namespace}
          connectorId={WALLET_CONNECT_CONNECTOR_ID}
        />
      </div>
    ) : (
      <div className="gw-spinner" role="progressbar" aria-label={t('walletConnect.preparing')} />
    )
  }
  // Only a link that passed the kernel's deep-link check is offered (the wallet's own scheme or
  // https); on a phone the wallet is on this device, on a desktop its desktop app may be.
  const deepLink = chosen
    ? toWalletConnectDeepLink(
        device === 'mobile' ? chosen.mobileLink : chosen.desktopLink,
        pairing.uri,
      )
    : undefined
  return (
    <div className="gw-center">
      <style>{VIEW_CSS}</style>
      {chosen ? <p>{t('connecting.title', { wallet: chosen.name })}</p> : null}
      {deepLink && chosen ? (
        <a className="gw-button gw-primary" href={deepLink} rel="noopener noreferrer">
          {t('walletConnect.open', { wallet: chosen.name })}
        </a>
      ) : null}
      <p>{t('walletConnect.scan')}</p>
      <QrCode value={pairing.uri} label={t('walletConnect.qr')} />
      <button
        type="button"
        className="gw-button"
        onClick={() =>
          navigator.clipboard?.writeText(pairing.uri).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? t('walletConnect.copied') : t('walletConnect.copy')}
      </button>
    </div>
  )
}
