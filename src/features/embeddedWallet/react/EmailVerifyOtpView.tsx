'use client'
import { useState } from 'react'
import { featureIntents } from '../../../kernel/index.js'
import { useFeatureCopy, useKit, VIEW_CSS } from '../../../ui/index.js'
import type { embeddedWallet } from '../feature.js'
import { OtpFields, useFormAction } from './formParts.js'
import { embeddedWalletMessages } from './messages.js'
import { useEndsWhenLeft } from './useEndsWhenLeft.js'

/**
 * EmailVerifyOtp: the one-time code the server emailed; on success the AUTH connector connects.
 * @internal
 */
export function EmailVerifyOtpView() {
  const { kit, t } = useFeatureCopy(embeddedWalletMessages)
  const intents = featureIntents<ReturnType<typeof embeddedWallet>>(kit, 'embeddedWallet')
  const email = useKit((state) => state.embeddedWallet?.email ?? '')
  const [otp, setOtp] = useState('')
  useEndsWhenLeft(kit, 'EmailVerifyOtp')
  const { submit, error, isBusy } = useFormAction(() => intents.connectOtp(otp))
  return (
    <form className="gw-center" onSubmit={submit} data-gangway="email-otp">
      <style>{VIEW_CSS}</style>
      <p className="gw-muted">{t('embeddedWallet.otpExplain', { email })}</p>
      <OtpFields otp={otp} onOtp={setOtp} isBusy={isBusy} error={error} />
    </form>
  )
}
