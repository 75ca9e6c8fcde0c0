'use client'
import { LIMITS, selectActiveAccount, truncateAddress } from '../../kernel/index.js'
import { formatAmount } from '../copy/formatAmount.js'
import { formatFiat } from '../copy/formatFiat.js'
import { useUi } from '../KitProvider.js'
import { BUTTON_CSS } from '../theme/styles.js'
import { useKit } from '../useKit.js'

/**
 * The drop-in connect button: "Connect Wallet" while disconnected, then the balance (3 decimals),
 * its USD value where the data service prices it, and the truncated address; it opens the modal
 * on the view the §2 rules pick.
 * @example
 * import { ConnectButton } from '@gangway/kit/react'
 * export const Header = () => <ConnectButton />
 */
export function ConnectButton() {
  const { kit, locale, dir, t } = useUi()
  const address = useKit((state) => selectActiveAccount(state)?.address ?? null)
  // A stored session coming back after a reload: the button says so instead of offering a
  // connect the visitor does not need (it would flash 'Connect Wallet' for the reconnect's span).
  const isReconnecting = useKit((state) => {
    const namespace = state.activeNamespace
    if (!namespace || !state.session.connectorIds[namespace]) return false
    return Object.values(state.operations.pending).some(
      (operation) => operation.type === 'connection' && operation.namespace === namespace,
    )
  })
  const balance = useKit((state) => {
    const account = selectActiveAccount(state)
    return account?.balance
      ? `${formatAmount(locale.tag, account.balance, LIMITS.balanceDecimals)} ${account.balanceSymbol ?? ''}`.trim()
      : null
  })
  // What the balance shown is worth, where the data service priced the native currency; nothing
  // otherwise (never '$0.00' for a price nobody knows).
  const fiat = useKit((state) => {
    const namespace = state.activeNamespace
    const native = namespace ? state.namespaces.entities[namespace]?.nativeTokenAddress : undefined
    const token = selectActiveAccount(state)?.tokenBalance.find(
      (entry) => native !== undefined && entry.address.toLowerCase() === native.toLowerCase(),
    )
    return formatFiat(locale.tag, token?.usdValue)
  })
  return (
    <>
      <style>{BUTTON_CSS}</style>
      {/* The button sits in the site's page, whose own lang may not be the catalogue's. */}
      <button
        type="button"
        className="gangway-button"
        data-gangway="connect-button"
        lang={locale.tag}
        dir={dir}
        aria-busy={!address && isReconnecting ? true : undefined}
        data-account={address ? '' : undefined}
        onClick={() => kit.open()}
      >
        {address ? (
          <>
            {balance ? <span className="gangway-balance">{balance}</span> : null}
            {balance && fiat ? (
              <span className="gangway-fiat" data-gangway="header-fiat">
                {fiat}
              </span>
            ) : null}
            <span className="gangway-address" data-gangway="header-address">
              {truncateAddress(address)}
            </span>
          </>
        ) : isReconnecting ? (
          <span>{t('connect.reconnecting')}</span>
        ) : (
          // In a span, so a narrow header shortens it with an ellipsis instead of clipping it.
          <span>{t('connect.button')}</span>
        )}
      </button>
    </>
  )
}
