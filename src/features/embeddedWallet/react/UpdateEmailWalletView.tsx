'use client'
import { useEffect, useState } from 'react'
import { featureIntents, type KitError } from '../../../kernel/index.js'
import { useFeatureCopy, useKit, VIEW_CSS } from '../../../ui/index.js'
import type { embeddedWallet } from '../feature.js'
import { useCooldownSeconds } from './EmailLoginView.js'
import { useCountdownClock, useFormAction } from './formParts.js'
import { embeddedWalletMessages } from './messages.js'
import { useEndsWhenLeft } from './useEndsWhenLeft.js'

/** The address the account signed in with, as the frame reports it for the active namespace. */
export function useCurrentEmail(): string {
  return useKit((state) => {
    const namespace = state.activeNamespace
    return (namespace ? state.embeddedWallet?.users[namespace]?.email : undefined) ?? ''
  })
}

/**
 * Seconds left of a cooldown the server answered ('Please try again after N seconds'), counted
 * down once a second from when it answered (visual only: the server decides).
 */
function useAnsweredCooldown(error: KitError | null): number {
  const [until, setUntil] = useState(0)
  const [seconds, , setNow] = useCountdownClock((now) =>
    Math.max(0, Math.ceil((until - now) / 1_000)),
  )
  useEffect(() => {
    if (error?.code !== 'EMAIL_LOGIN_COOLDOWN') return
    const at = Date.now()
    setNow(at)
    setUntil(at + Number(error.params?.seconds ?? 0) * 1_000)
  }, [error, setNow])
  return seconds
}

/**
 * UpdateEmailWallet: the new address for the account (§5 a valid email, else 'Invalid input'),
 * and the §5 cooldown the current address is under ('Please try again after N seconds', counting
 * down). §4 the frame's answer opens the code view of the current address, or of the new one.
 * @internal
 */
export function UpdateEmailWalletView() {
  const { kit, t, errorText, codeText } = useFeatureCopy(embeddedWalletMessages)
  const intents = featureIntents<ReturnType<typeof embeddedWallet>>(kit, 'embeddedWallet')
  const current = useCurrentEmail()
  const [email, setEmail] = useState('')
  const { submit, error, isBusy: isSending } = useFormAction(() => intents.updateEmail(email))
  // The login's code went to the same address: its cooldown holds the update's first code too.
  const seconds = Math.max(useCooldownSeconds(), useAnsweredCooldown(error))
  useEndsWhenLeft(kit, 'UpdateEmailWallet')
  return (
    // noValidate: §5's own check speaks, in the visitor's language, with the catalogue's words.
    <form className="gw-center" onSubmit={submit} noValidate data-gangway="update-email">
      <style>{VIEW_CSS}</style>
      {current ? (
        <p className="gw-muted">{t('embeddedWallet.updateEmailCurrent', { email: current })}</p>
      ) : null}
      <label>
        {t('embeddedWallet.updateEmailLabel')}
        <input
          type="email"
          autoComplete="email"
          required
          value={email}
          aria-invalid={error?.code === 'VALIDATION_FAILED' ? true : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <button type="submit" className="gw-button" disabled={isSending || seconds > 0}>
        {isSending ? t('embeddedWallet.sending') : t('embeddedWallet.continue')}
      </button>
      {seconds > 0 ? <p role="status">{codeText('EMAIL_LOGIN_COOLDOWN', { seconds })}</p> : null}
      {error && error.code !== 'EMAIL_LOGIN_COOLDOWN' ? (
        <p role="alert">{errorText(error)}</p>
      ) : null}
    </form>
  )
}
