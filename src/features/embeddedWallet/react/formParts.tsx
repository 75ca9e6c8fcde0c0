'use client'
import { type FormEvent, useState } from 'react'
import type { KitError } from '../../../kernel/index.js'
import { useFeatureCopy } from '../../../ui/index.js'
import { embeddedWalletMessages } from './messages.js'

/**
 * A login form's submit: runs one intent, busy while it runs, its failure kept for the view to
 * say (a new submit clears it).
 * @internal
 */
export function useFormAction(run: () => Promise<unknown>) {
  const [error, setError] = useState<KitError | null>(null)
  const [isBusy, setBusy] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    setBusy(true)
    run()
      .catch((failure: KitError) => setError(failure))
      .finally(() => setBusy(false))
  }
  return { submit, error, isBusy }
}

/**
 * The one-time code field, its Verify button and the failure, as every code view asks for a
 * code (the login's and both of the email update's).
 * @internal
 */
export function OtpFields(props: {
  readonly otp: string
  readonly onOtp: (otp: string) => void
  readonly isBusy: boolean
  readonly error: KitError | null
}) {
  const { t, errorText } = useFeatureCopy(embeddedWalletMessages)
  return (
    <>
      <label>
        {t('embeddedWallet.otpLabel')}
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={props.otp}
          onChange={(event) => props.onOtp(event.target.value)}
        />
      </label>
      <button type="submit" className="gw-button" disabled={props.isBusy}>
        {t('embeddedWallet.verify')}
      </button>
      {props.error ? <p role="alert">{errorText(props.error)}</p> : null}
    </>
  )
}
