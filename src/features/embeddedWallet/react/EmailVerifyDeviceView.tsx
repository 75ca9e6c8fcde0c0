'use client'
import { useEffect, useState } from 'react'
import { featureIntents, type KitError } from '../../../kernel/index.js'
import { useFeatureCopy, useKit, VIEW_CSS } from '../../../ui/index.js'
import type { embeddedWallet } from '../feature.js'
import { embeddedWalletMessages } from './messages.js'
import { useEndsWhenLeft } from './useEndsWhenLeft.js'

/**
 * EmailVerifyDevice: waits (§9 30 s) for the visitor to approve this device from the email.
 * @internal
 */
export function EmailVerifyDeviceView() {
  const { kit, t, errorText } = useFeatureCopy(embeddedWalletMessages)
  const intents = featureIntents<ReturnType<typeof embeddedWallet>>(kit, 'embeddedWallet')
  const email = useKit((state) => state.embeddedWallet?.email ?? '')
  const [error, setError] = useState<KitError | null>(null)
  useEffect(() => {
    intents.connectDevice().catch((failure: KitError) => {
      if (failure.code !== 'CANCELLED') setError(failure)
    })
  }, [intents])
  useEndsWhenLeft(kit, 'EmailVerifyDevice')
  return (
    <div className="gw-center" data-gangway="email-device">
      <style>{VIEW_CSS}</style>
      <p className="gw-muted">{t('embeddedWallet.deviceExplain', { email })}</p>
      {error ? <p role="alert">{errorText(error)}</p> : null}
    </div>
  )
}
