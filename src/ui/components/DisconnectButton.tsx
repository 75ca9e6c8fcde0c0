'use client'
import { useUi } from '../KitProvider.js'

/**
 * Disconnects every namespace; a failure is shown as a snack by the kernel. Its `.gw-danger` rule
 * is in `VIEW_CSS`, not the first-open sheet: a view that renders it renders `VIEW_CSS` too.
 * @internal
 */
export function DisconnectButton() {
  const { kit, t } = useUi()
  return (
    <button
      type="button"
      className="gw-button gw-danger"
      onClick={() => kit.disconnect().catch(() => undefined)}
    >
      {t('account.disconnect')}
    </button>
  )
}
