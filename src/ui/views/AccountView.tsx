'use client'
import { type ComponentType, useEffect, useState } from 'react'
import {
  type AccountActionSlot,
  type AccountTab,
  type AccountTabSlot,
  connectorKey,
  isStructurallyEqual,
  LIMITS,
  selectActiveAccount,
  selectActiveNamespaceEntry,
  selectActiveNetwork,
  sumDecimals,
  truncateAddress,
} from '../../kernel/index.js'
import { AccountAvatar } from '../components/AccountAvatar.js'
import { AccountTabs } from '../components/AccountTabs.js'
import { ActionIcon } from '../components/ActionIcon.js'
import { DisconnectButton } from '../components/DisconnectButton.js'
import { NetworkIcon } from '../components/NetworkIcon.js'
import { safeLinkUrl } from '../components/safeUrl.js'
import { TokenIcon } from '../components/TokenIcon.js'
import { WalletIcon } from '../components/WalletIcon.js'
import { formatAmount } from '../copy/formatAmount.js'
import { formatFiat } from '../copy/formatFiat.js'
import { useUi } from '../KitProvider.js'
import { ACCOUNT_CSS } from '../theme/accountStyles.js'
import { VIEW_CSS } from '../theme/viewStyles.js'
import { useKit } from '../useKit.js'

/** A slot of a feature, with the feature it comes from. */
type Slot<TSlot> = TSlot & { readonly feature: string }

/** A slot's text in the visitor's language, else its English. */
const labelOf = (label: Readonly<Record<string, string>>, tag: string) =>
  label[tag] ?? label[tag.split('-')[0]!] ?? label.en ?? ''

/**
 * A feature tab's panel: its component from the feature's UI, which loads (with the feature's
 * copy) the first time the tab is shown.
 */
function FeatureTab({ feature, tab }: { readonly feature: string; readonly tab: string }) {
  const { views } = useUi()
  const Panel: ComponentType | undefined = views.uiOf(feature)?.tabs?.[tab]
  useEffect(() => {
    if (!Panel) void views.loadUi(feature)
  }, [Panel, views, feature])
  return Panel ? <Panel /> : null
}

/** The lines features add under the actions (a sent transaction's status), once their UI is here. */
function FeatureNotices() {
  const { kit, views } = useUi()
  return (
    <>
      {kit.definitions.map((definition) => {
        const Notice = views.uiOf(definition.name)?.accountNotice
        return Notice ? <Notice key={definition.name} /> : null
      })}
    </>
  )
}

/**
 * The connected account, laid out as a wallet: the wallet it is connected with on one line, the
 * account's avatar (its profile picture, else its identicon), its name or address with copy and
 * explorer, its USD total and balance, its network, the features' actions as compact icon buttons
 * in §9's order, the tabs, disconnect. It names no feature: each brings its slots through its registration.
 * @internal
 */
export function AccountView() {
  const { kit, t, locale } = useUi()
  const account = useKit(selectActiveAccount)
  const namespace = useKit((state) => state.activeNamespace)
  const nativeAddress = useKit((state) => selectActiveNamespaceEntry(state)?.nativeTokenAddress)
  const network = useKit((state) => {
    const descriptor = selectActiveNetwork(state)?.descriptor
    return descriptor
      ? {
          id: descriptor.id,
          name: descriptor.name,
          namespace: descriptor.namespace,
          currency: descriptor.nativeCurrency.symbol,
          iconUrl: descriptor.iconUrl,
        }
      : null
  }, isStructurallyEqual)
  // The features' Account slots, in §9's wallet-feature order (onramp, swaps, receive, send),
  // each where its feature says it applies now.
  const actionSlots: readonly Slot<AccountActionSlot>[] = kit.definitions
    .flatMap((definition) =>
      (definition.ui?.accountActions ?? []).map((slot) => ({ ...slot, feature: definition.name })),
    )
    .sort((left, right) => (left.order ?? 99) - (right.order ?? 99))
  const tabSlots: readonly Slot<AccountTabSlot>[] = kit.definitions.flatMap((definition) =>
    (definition.ui?.accountTabs ?? []).map((slot) => ({ ...slot, feature: definition.name })),
  )
  const offeredActions = useKit(
    (state) => actionSlots.filter((slot) => slot.isOffered?.(state) ?? true).map((slot) => slot.id),
    isStructurallyEqual,
  )
  const offeredTabs = useKit(
    (state) => tabSlots.filter((slot) => slot.isOffered?.(state) ?? true).map((slot) => slot.id),
    isStructurallyEqual,
  )
  // Which wallet this is: what the wallet said about itself, else the connector the visitor picked.
  const wallet = useKit((state) => {
    const active = selectActiveAccount(state)
    if (!active?.connectorId || !state.activeNamespace) return null
    const connector =
      state.connectors.entities[connectorKey(state.activeNamespace, active.connectorId)]
    const name = active.connectedWalletInfo?.name || connector?.name
    // A built-in wallet's shipped logo where the connector names its registry id.
    return name
      ? {
          name,
          icon: active.connectedWalletInfo?.icon ?? connector?.imageUrl,
          id: connector?.explorerId,
        }
      : null
  }, isStructurallyEqual)
  const [copied, setCopied] = useState(false)
  if (!account?.address || !namespace) return null
  // Tabs for what the kit can show: Tokens, then the features' (no NFT source exists yet, so no
  // NFTs tab: decision 0018).
  const tabs: readonly AccountTab[] = ['tokens', ...offeredTabs]
  const labels: Record<string, string> = { tokens: t('account.tab.tokens') }
  for (const slot of tabSlots) labels[slot.id] = labelOf(slot.label, locale.tag)
  const currentTab = tabs.includes(account.currentTab) ? account.currentTab : 'tokens'
  const featureTab = tabSlots.find((slot) => slot.id === currentTab)
  const held = account.tokenBalance.filter((token) => /[1-9]/.test(token.quantity.numeric))
  // The account's worth in USD, where the data service priced what it holds.
  const priced = held.flatMap((token) => (token.usdValue ? [token.usdValue] : []))
  const total = priced.length > 0 ? formatFiat(locale.tag, sumDecimals(priced)) : null
  const panel = (tab: AccountTab) =>
    tab !== 'tokens' && featureTab ? (
      <FeatureTab feature={featureTab.feature} tab={tab} />
    ) : (
      <ul className="gw-list" aria-label={t('account.tab.tokens')}>
        {/* What the account holds: a token at 0 is listed nowhere a visitor would look for it. */}
        {held.map((token) => {
          const fiat = formatFiat(locale.tag, token.usdValue)
          return (
            <li key={`${token.chainId}-${token.address}`} data-gangway="token">
              <span className="gw-token-name">
                <TokenIcon
                  url={token.iconUrl}
                  symbol={token.symbol}
                  nativeOf={token.address === nativeAddress ? namespace : undefined}
                />
                <span>{token.symbol}</span>
              </span>
              <span className="gw-token-amount">
                <span className="gw-nowrap">
                  {formatAmount(locale.tag, token.quantity.numeric, LIMITS.balanceDecimals)}
                </span>
                {fiat ? (
                  <span className="gw-muted gw-nowrap" data-gangway="token-fiat">
                    {fiat}
                  </span>
                ) : null}
              </span>
            </li>
          )
        })}
      </ul>
    )
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
      <div className="gw-account-head">
        {wallet ? (
          // One line, the wallet's name cut with an ellipsis; the full text is its title.
          <p
            className="gw-connected-with gw-muted"
            data-gangway="wallet"
            title={t('account.wallet', { wallet: wallet.name })}
          >
            <WalletIcon url={wallet.icon} name={wallet.name} walletId={wallet.id} size={20} />
            <span className="gw-ellipsis">{t('account.wallet', { wallet: wallet.name })}</span>
          </p>
        ) : null}
        <AccountAvatar
          namespace={namespace}
          address={account.address}
          image={account.profileImage}
        />
        <div className="gw-address-row">
          <p className="gw-address" data-gangway="address" title={account.address}>
            {account.profileName ?? truncateAddress(account.address)}
          </p>
          <button
            type="button"
            className="gw-icon-action"
            aria-label={copied ? t('account.copied') : t('account.copy')}
            title={copied ? t('account.copied') : t('account.copy')}
            data-gangway="copy-address"
            onClick={copy}
          >
            <ActionIcon id={copied ? 'copied' : 'copy'} />
          </button>
          {explorer ? (
            <a
              className="gw-icon-action"
              href={explorer}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('account.explorer')}
              title={t('account.explorer')}
            >
              <ActionIcon id="explorer" />
            </a>
          ) : null}
        </div>
        {total ? (
          <p className="gw-fiat-total" data-gangway="fiat-total">
            {total}
          </p>
        ) : null}
        <p className={total ? 'gw-balance gw-muted' : 'gw-balance'} data-gangway="balance">
          {balance}
        </p>
      </div>
      {network ? (
        <button
          type="button"
          className="gw-button gw-network-row"
          data-gangway="account-network"
          onClick={() => kit.navigate('Networks')}
        >
          <NetworkIcon network={network} size={24} />
          <span>{t('account.network', { network: network.name })}</span>
        </button>
      ) : null}
      {offeredActions.length > 0 ? (
        <div className="gw-actions" data-gangway="account-actions">
          {actionSlots
            .filter((slot) => offeredActions.includes(slot.id))
            .map((slot) => (
              <button
                key={slot.id}
                type="button"
                className="gw-action"
                data-action={slot.id}
                onClick={() => kit.navigate(slot.view)}
              >
                <span className="gw-action-icon">
                  <ActionIcon id={slot.id} />
                </span>
                <span className="gw-action-label">{labelOf(slot.label, locale.tag)}</span>
              </button>
            ))}
        </div>
      ) : null}
      <FeatureNotices />
      {tabs.length > 1 ? (
        <AccountTabs tabs={tabs} labels={labels} current={currentTab} panel={panel} />
      ) : (
        panel('tokens')
      )}
      <DisconnectButton />
    </div>
  )
}
