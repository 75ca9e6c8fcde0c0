'use client'
import { useState } from 'react'
import { emailCooldownSeconds, featureIntents } from '../../../kernel/index.js'
import { useFeatureCopy, useKit, VIEW_CSS } from '../../../ui/index.js'
import type { embeddedWallet } from '../feature.js'
import { useCountdownClock, useFormAction } from './formParts.js'
import { embeddedWalletMessages } from './messages.js'
import { SmartAccountNote } from './SmartAccountNote.js'
import { useEndsWhenLeft } from './useEndsWhenLeft.js'

/** Seconds left of the §5 cooldown, ticking once a second while it runs (visual only). */
export function useCooldownSeconds(): number {
  const last = useKit((state) => state.embeddedWallet?.lastEmailRequestAt ?? null)
  return useCountdownClock((now) => emailCooldownSeconds(last, now))[0]
}

/**
 * EmailLogin: the email field; §5 a valid email, §5 the 30 s cooldown shown counting down
 * ('Please try again after N seconds'); §4 the frame's answer moves to the code or device view.
 * @internal
 */
export function EmailLoginView({ view }: { readonly view?: string } = {}) {
  // Inline in the Connect view: the field and its button only.
  const isInline = view === 'Connect'
  const { kit, t, errorText, codeText } = useFeatureCopy(embeddedWalletMessages)
  const intents = featureIntents<ReturnType<typeof embeddedWallet>>(kit, 'embeddedWallet')
  const [email, setEmail] = useState('')
  const { submit, error, isBusy: isSending } = useFormAction(() => intents.connectEmail(email))
  const seconds = useCooldownSeconds()
  useEndsWhenLeft(kit, view ?? 'EmailLogin')
  return (
    <form className="gw-center" onSubmit={submit} data-gangway="email-login">
      <style>{VIEW_CSS}</style>
      {isInline ? null : <SmartAccountNote />}
      <label>
        {t('embeddedWallet.emailLabel')}
        <input
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <button type="submit" className="gw-button" disabled={isSending || seconds > 0}>
        {isSending
          ? t('embeddedWallet.sending')
          : // Inline, beside the other methods, the button says which one it is.
            t(isInline ? 'embeddedWallet.emailTitle' : 'embeddedWallet.continue')}
      </button>
      {seconds > 0 ? <p role="status">{codeText('EMAIL_LOGIN_COOLDOWN', { seconds })}</p> : null}
      {error && error.code !== 'EMAIL_LOGIN_COOLDOWN' ? (
        <p role="alert">{errorText(error)}</p>
      ) : null}
    </form>
  )
}
