'use client'
import { formatDecimal, LIMITS, selectActiveAccount, truncateAddress } from '../../kernel/index.js'
import { useUi } from '../KitProvider.js'
import { BUTTON_CSS } from '../theme/styles.js'
import { useKit } from '../useKit.js'

/**
 * The drop-in connect button: "Connect Wallet" while disconnected, then the truncated address and
 * balance (3 decimals); it opens the modal on the view the §2 rules pick.
 * @example
 * import { ConnectButton } from 'gangway/react'
 * export const Header = () => <ConnectButton />
 */
export function ConnectButton() {
  const { kit, t } = useUi()
  const address = useKit((state) => selectActiveAccount(state)?.address ?? null)
  const balance = useKit((state) => {
    const account = selectActiveAccount(state)
    return account?.balance
      ? `${formatDecimal(account.balance, LIMITS.balanceDecimals)} ${account.balanceSymbol ?? ''}`.trim()
      : null
  })
  return (
    <>
      <style>{BUTTON_CSS}</style>
      <button
        type="button"
        className="gangway-button"
        data-gangway="connect-button"
        onClick={() => kit.open()}
      >
        {address ? (
          <>
            {balance ? <span>{balance}</span> : null}
            <span>{truncateAddress(address)}</span>
          </>
        ) : (
          t('connect.button')
        )}
      </button>
    </>
  )
}
