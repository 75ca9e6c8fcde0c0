'use client'
import { useState } from 'react'
import { featureIntents } from '../../../kernel/index.js'
import { useFeatureCopy, useKit, VIEW_CSS } from '../../../ui/index.js'
import type { embeddedWallet } from '../feature.js'
import { OtpFields, useFormAction } from './formParts.js'
import { embeddedWalletMessages } from './messages.js'
import { useCurrentEmail } from './UpdateEmailWalletView.js'
import { useEndsWhenLeft } from './useEndsWhenLeft.js'

/** Which of the email update's two codes a view asks for. */
type Step = 'primary' | 'secondary'

/** One code of the email update: the one the current address got, or the one the new address got. */
function UpdateEmailOtp({ step }: { readonly step: Step }) {
  const { kit, t } = useFeatureCopy(embeddedWalletMessages)
  const intents = featureIntents<ReturnType<typeof embeddedWallet>>(kit, 'embeddedWallet')
  const current = useCurrentEmail()
  const next = useKit((state) => state.embeddedWallet?.newEmail ?? '')
  const [otp, setOtp] = useState('')
  useEndsWhenLeft(kit, step === 'primary' ? 'UpdateEmailPrimaryOtp' : 'UpdateEmailSecondaryOtp')
  const { submit, error, isBusy } = useFormAction(() =>
    step === 'primary' ? intents.updateEmailPrimaryOtp(otp) : intents.updateEmailSecondaryOtp(otp),
  )
  return (
    <form className="gw-center" onSubmit={submit} data-gangway={`update-email-${step}`}>
      <style>{VIEW_CSS}</style>
      <p className="gw-muted">
        {t(
          step === 'primary' ? 'embeddedWallet.updatePrimaryExplain' : 'embeddedWallet.otpExplain',
          {
            email: step === 'primary' ? current : next,
          },
        )}
      </p>
      <OtpFields otp={otp} onOtp={setOtp} isBusy={isBusy} error={error} />
    </form>
  )
}

/**
 * UpdateEmailPrimaryOtp: §4 VERIFY_PRIMARY_OTP, the code sent to the address the account has now.
 * @internal
 */
export function UpdateEmailPrimaryOtpView() {
  return <UpdateEmailOtp step="primary" />
}

/**
 * UpdateEmailSecondaryOtp: §4 VERIFY_SECONDARY_OTP, the code sent to the new address; once right
 * the account reads the new address, back on Account.
 * @internal
 */
export function UpdateEmailSecondaryOtpView() {
  return <UpdateEmailOtp step="secondary" />
}
