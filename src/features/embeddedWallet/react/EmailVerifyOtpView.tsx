'use client'
import { type FormEvent, useState } from 'react'
import { featureIntents, type KitError } from '../../../kernel/index.js'
import { useFeatureCopy, useKit, VIEW_CSS } from '../../../ui/index.js'
import type { embeddedWallet } from '../feature.js'
import { embeddedWalletMessages } from './messages.js'
import { useEndsWhenLeft } from './useEndsWhenLeft.js'

/**
 * EmailVerifyOtp: the one-time code the server emailed; on success the AUTH connector connects.
 * @internal
 */
export function EmailVerifyOtpView() {
  const { kit, t, errorText } = useFeatureCopy(embeddedWalletMessages)
  const intents = featureIntents<ReturnType<typeof embeddedWallet>>(kit, 'embeddedWallet')
  const email = useKit((state) => state.embeddedWallet?.email ?? '')
  const [otp, setOtp] = useState('')
  const [error, setError] = useState<KitError | null>(null)
  const [isVerifying, setVerifying] = useState(false)
  useEndsWhenLeft(kit, 'EmailVerifyOtp')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    setVerifying(true)
    intents
      .connectOtp(otp)
      .catch((failure: KitError) => setError(failure))
      .finally(() => setVerifying(false))
  }
  return (
    <form className="gw-center" onSubmit={submit} data-gangway="email-otp">
      <style>{VIEW_CSS}</style>
      <p className="gw-muted">{t('embeddedWallet.otpExplain', { email })}</p>
      <label>
        {t('embeddedWallet.otpLabel')}
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={otp}
          onChange={(event) => setOtp(event.target.value)}
        />
      </label>
      <button type="submit" className="gw-button" disabled={isVerifying}>
        {t('embeddedWallet.verify')}
      </button>
      {error ? <p role="alert">{errorText(error)}</p> : null}
    </form>
  )
}
