'use client'
import { type FormEvent, useEffect, useState } from 'react'
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

/**
 * The clock a countdown reads: `Date.now()` when first used, moved on once a second while
 * `seconds` (what the countdown shows, from this clock) is above zero (visual only).
 * @param seconds - the seconds left at a given time.
 * @returns the seconds left now, the clock's time, and a way to set the clock (a countdown that
 *   starts on an answer sets it to the answer's time).
 * @internal
 */
export function useCountdownClock(
  seconds: (now: number) => number,
): [number, number, (now: number) => void] {
  const [now, setNow] = useState(() => Date.now())
  const left = seconds(now)
  useEffect(() => {
    if (left === 0) return
    const timer = setTimeout(() => setNow(Date.now()), 1_000)
    return () => clearTimeout(timer)
  }, [left])
  return [left, now, setNow]
}
