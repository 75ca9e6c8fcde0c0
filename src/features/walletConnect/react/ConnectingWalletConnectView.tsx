'use client'
import {
  featureIntents,
  selectChosenWallet,
  toWalletConnectDeepLink,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../../kernel/index.js'
import {
  ConnectionFailure,
  QrCode,
  safeLinkUrl,
  useFeatureCopy,
  useKit,
  VIEW_CSS,
  WalletIcon,
} from '../../../ui/index.js'
import type { walletConnectPairing } from '../index.js'
import { selectLinkCopied, selectPairing } from '../selectors.js'
import { walletConnectMessages } from './messages.js'

/**
 * ConnectingWalletConnect: the pairing URI as a QR code and a copy-link button. When a pairing
 * expires the kernel asks for a fresh one, and this view shows it. A wallet the visitor picked
 * (MetaMask from the list, its extension absent) is named, with its deep link where it has one
 * for this device and a link to get it; on a phone its deep link replaces the QR code, which the
 * same phone could not scan.
 * @internal
 */
export function ConnectingWalletConnectView() {
  const { kit, t } = useFeatureCopy(walletConnectMessages)
  const pairing = useKit(selectPairing)
  const copied = useKit(selectLinkCopied)
  const namespace = useKit((state) => state.activeNamespace)
  const failure = useKit((state) => {
    const last = state.operations.lastFailure
    return last?.type === 'connection' && last.connectorId === WALLET_CONNECT_CONNECTOR_ID
      ? last
      : null
  })
  const chosen = useKit(selectChosenWallet)
  const device = useKit((state) => state.environment.device)
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
  // On a phone the wallet opens here: a QR code would ask the visitor to scan their own screen.
  const showQr = !(device === 'mobile' && deepLink)
  const getWallet = chosen ? safeLinkUrl(chosen.homepage) : undefined
  const copy = () => {
    const uri = pairing.uri
    // "Copied" only once the browser really copied, and only for the link on screen.
    navigator.clipboard?.writeText(uri).then(
      () =>
        featureIntents<ReturnType<typeof walletConnectPairing>>(kit, 'walletConnect').linkCopied(
          uri,
        ),
      () => undefined,
    )
  }
  return (
    <div className="gw-center">
      <style>{VIEW_CSS}</style>
      {chosen ? (
        <p className="gw-chosen-wallet" data-gangway="chosen-wallet">
          <WalletIcon url={chosen.imageUrl} name={chosen.name} walletId={chosen.id} />
          <span>{t('connecting.title', { wallet: chosen.name })}</span>
        </p>
      ) : null}
      {deepLink && chosen ? (
        <a
          className="gw-button gw-primary"
          href={deepLink}
          rel="noopener noreferrer"
          data-gangway="wallet-deep-link"
        >
          {t('walletConnect.open', { wallet: chosen.name })}
        </a>
      ) : null}
      {showQr ? (
        <>
          <p>{t('walletConnect.scan')}</p>
          <QrCode value={pairing.uri} label={t('walletConnect.qr')} />
        </>
      ) : null}
      <button type="button" className="gw-button" onClick={copy} data-gangway="copy-link">
        {copied ? t('walletConnect.copied') : t('walletConnect.copy')}
      </button>
      {getWallet && chosen ? (
        <a
          className="gw-button"
          href={getWallet}
          target="_blank"
          rel="noopener noreferrer"
          data-gangway="get-wallet"
        >
          {t('connect.getWallet', { wallet: chosen.name })}
        </a>
      ) : null}
    </div>
  )
}
