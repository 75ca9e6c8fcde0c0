'use client'
import { lazy, Suspense, useState } from 'react'
import { selectIsSwapOffered } from '../../features/swap/offered.js'
import {
  type AccountTab,
  connectorKey,
  isStructurallyEqual,
  LIMITS,
  selectActiveAccount,
  selectActiveNetwork,
  truncateAddress,
  WALLET_FEATURE_ORDER,
} from '../../kernel/index.js'
import { AccountTabs } from '../components/AccountTabs.js'
import { DisconnectButton } from '../components/DisconnectButton.js'
import { SentTransaction } from '../components/SentTransaction.js'
import { safeImageUrl, safeLinkUrl } from '../components/safeUrl.js'
import { WalletIcon } from '../components/WalletIcon.js'
import { formatAmount } from '../copy/formatAmount.js'
import { useUi } from '../KitProvider.js'
import { ACCOUNT_CSS } from '../theme/accountStyles.js'
import { VIEW_CSS } from '../theme/viewStyles.js'
import { useKit } from '../useKit.js'

// Loaded only by kits that registered the activity feature, when Account first shows it.
const ActivityList = lazy(() =>
  import('../../features/activity/react/ActivityList.js').then((module) => ({
    default: module.ActivityList,
  })),
)

/** The connected account: address, profile, balance, tabs, copy, explorer, swap, send, disconnect. @internal */
export function AccountView() {
  const { kit, t, locale } = useUi()
  const account = useKit(selectActiveAccount)
  const network = useKit((state) => selectActiveNetwork(state)?.descriptor?.name ?? null)
  const canSend = useKit((state) => state.kit.features.includes('send'))
  // §9 wallet features, where the feature and the network allow them (swaps: docs/swap.md).
  const canSwap = useKit(selectIsSwapOffered)
  // Which wallet this is: what the wallet said about itself, else the connector the visitor picked.
  const wallet = useKit((state) => {
    const active = selectActiveAccount(state)
    if (!active?.connectorId || !state.activeNamespace) return null
    const connector =
      state.connectors.entities[connectorKey(state.activeNamespace, active.connectorId)]
    const name = active.connectedWalletInfo?.name || connector?.name
    return name ? { name, icon: active.connectedWalletInfo?.icon ?? connector?.imageUrl } : null
  }, isStructurallyEqual)
  const hasActivity = useKit((state) => state.kit.features.includes('activity'))
  const [copied, setCopied] = useState(false)
  if (!account?.address) return null
  // Tabs for what the kit can show: no NFT source exists yet, so no NFTs tab (decision 0018).
  const tabs: readonly AccountTab[] = hasActivity ? ['tokens', 'activity'] : ['tokens']
  const currentTab = tabs.includes(account.currentTab) ? account.currentTab : 'tokens'
  const panel = (tab: AccountTab) =>
    tab === 'activity' ? (
      <Suspense fallback={null}>
        <ActivityList />
      </Suspense>
    ) : (
      <ul className="gw-list" aria-label={t('account.tab.tokens')}>
        {account.tokenBalance.map((token) => (
          <li key={`${token.chainId}-${token.address}`}>
            <span>{token.symbol}</span>
            <span>{formatAmount(locale.tag, token.quantity.numeric, LIMITS.balanceDecimals)}</span>
          </li>
        ))}
      </ul>
    )
  const avatar = safeImageUrl(account.profileImage)
  const explorer = safeLinkUrl(account.addressExplorerUrl)
  const balance = account.balance
    ? `${formatAmount(locale.tag, account.balance, LIMITS.balanceDecimals)} ${account.balanceSymbol ?? ''}`
    : t('account.balanceUnknown')
  const copy = () => {
    // "Copied" only when the browser really copied (no clipboard API, or permission refused: no).
    navigator.clipboard?.writeText(account.address ?? '').then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }
  return (
    <div>
      <style>{VIEW_CSS}</style>
      <style>{ACCOUNT_CSS}</style>
      {wallet ? (
        <p className="gw-row gw-muted" data-gangway="wallet">
          <WalletIcon url={wallet.icon} name={wallet.name} />
          <span>{t('account.wallet', { wallet: wallet.name })}</span>
        </p>
      ) : null}
      {avatar ? <img className="gw-wallet-icon" src={avatar} alt="" /> : null}
      <p className="gw-address" data-gangway="address" title={account.address}>
        {account.profileName ?? truncateAddress(account.address)}
      </p>
      <p className="gw-balance" data-gangway="balance">
        {balance}
      </p>
      {network ? (
        <button type="button" className="gw-button" onClick={() => kit.navigate('Networks')}>
          {t('account.network', { network })}
        </button>
      ) : null}
      <div className="gw-row">
        <button type="button" className="gw-button" onClick={copy}>
          {copied ? t('account.copied') : t('account.copy')}
        </button>
        {explorer ? (
          <a className="gw-button" href={explorer} target="_blank" rel="noopener noreferrer">
            {t('account.explorer')}
          </a>
        ) : null}
      </div>
      {WALLET_FEATURE_ORDER.map((feature) =>
        feature === 'swaps' && canSwap ? (
          <button
            key={feature}
            type="button"
            className="gw-button gw-primary"
            onClick={() => kit.navigate('Swap')}
          >
            {t('account.swap')}
          </button>
        ) : feature === 'send' && canSend ? (
          <button
            key={feature}
            type="button"
            className="gw-button gw-primary"
            onClick={() => kit.navigate('Send')}
          >
            {t('account.send')}
          </button>
        ) : null,
      )}
      <SentTransaction />
      {tabs.length > 1 ? (
        <AccountTabs tabs={tabs} current={currentTab} panel={panel} />
      ) : (
        panel('tokens')
      )}
      <DisconnectButton />
    </div>
  )
}
