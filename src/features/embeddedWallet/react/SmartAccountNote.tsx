'use client'
import { useFeatureCopy, useKit } from '../../../ui/index.js'
import { embeddedWalletMessages } from './messages.js'

/**
 * Smart accounts come with a later issue: a site that asks for them (`defaultAccountTypes`, or a
 * network with smart accounts enabled) is told the embedded wallet's accounts are `eoa` for now.
 * @internal
 */
export function SmartAccountNote() {
  const { t } = useFeatureCopy(embeddedWalletMessages)
  const asksSmartAccount = useKit(
    (state) =>
      Object.values(state.options.defaultAccountTypes).includes('smartAccount') ||
      state.namespaces.ids.some(
        (id) =>
          (state.namespaces.entities[id]?.networkState.smartAccountEnabledNetworks.length ?? 0) > 0,
      ),
  )
  return asksSmartAccount ? (
    <p className="gw-muted">{t('embeddedWallet.smartAccountLater')}</p>
  ) : null
}
