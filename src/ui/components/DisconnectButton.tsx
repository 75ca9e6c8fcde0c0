'use client'
import { useUi } from '../KitProvider.js'
import { useKit } from '../useKit.js'

/**
 * Disconnects the family the view is about (§4: "the chain, or all chains"): with an EVM and a
 * Solana wallet connected, Disconnect on the Solana account leaves the EVM one; a WalletConnect or
 * auth connector still takes its peers. A failure is shown as a snack by the kernel. Its `.gw-danger` rule
 * is in `VIEW_CSS`, not the first-open sheet: a view that renders it renders `VIEW_CSS` too.
 * @internal
 */
export function DisconnectButton() {
  const { kit, t } = useUi()
  const namespace = useKit((state) => state.activeNamespace ?? undefined)
  return (
    <button
      type="button"
      className="gw-button gw-danger"
      onClick={() => kit.disconnect(namespace).catch(() => undefined)}
    >
      {t('account.disconnect')}
    </button>
  )
}
