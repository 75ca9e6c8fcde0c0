'use client'
import { useState } from 'react'
import { featureIntents, type KitError, selectSocials } from '../../../kernel/index.js'
import {
  EMBEDDED_SOCIAL_PROVIDERS,
  type EmbeddedSocialProvider,
} from '../../../services/gangway/embeddedWalletHandshake.js'
import { useFeatureCopy, useKit, VIEW_CSS } from '../../../ui/index.js'
import type { embeddedWallet } from '../feature.js'
import { embeddedWalletMessages } from './messages.js'
import { SmartAccountNote } from './SmartAccountNote.js'
import { useEndsWhenLeft } from './useEndsWhenLeft.js'

const NAMES: Record<EmbeddedSocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

/**
 * ConnectingSocial: a button per provider the site offers (§5 Telegram filter applied). The click
 * opens the login window synchronously, before any await (iOS blocks a window opened later); a
 * blocked window falls back to a redirect.
 * @internal
 */
export function ConnectingSocialView() {
  const { kit, t, errorText } = useFeatureCopy(embeddedWalletMessages)
  const intents = featureIntents<ReturnType<typeof embeddedWallet>>(kit, 'embeddedWallet')
  const socials = useKit(selectSocials).filter((provider): provider is EmbeddedSocialProvider =>
    (EMBEDDED_SOCIAL_PROVIDERS as readonly string[]).includes(provider),
  )
  const [error, setError] = useState<KitError | null>(null)
  const [isWaiting, setWaiting] = useState(false)
  useEndsWhenLeft(kit, 'ConnectingSocial')
  const pick = (provider: EmbeddedSocialProvider) => {
    setError(null)
    setWaiting(true)
    // Synchronous, in the click: the window exists before the redirect address is known.
    const popup = window.open('about:blank', 'gangway-social', 'popup,width=480,height=640')
    intents
      .connectSocial(provider, popup)
      .catch((failure: KitError) => {
        if (failure.code !== 'CANCELLED') setError(failure)
      })
      .finally(() => setWaiting(false))
  }
  return (
    <div className="gw-center" data-gangway="social-login">
      <style>{VIEW_CSS}</style>
      <SmartAccountNote />
      {socials.map((provider) => (
        <button
          key={provider}
          type="button"
          className="gw-button"
          disabled={isWaiting}
          onClick={() => pick(provider)}
        >
          {t('embeddedWallet.socialWith', { provider: NAMES[provider] })}
        </button>
      ))}
      {isWaiting ? <p role="status">{t('embeddedWallet.socialWaiting')}</p> : null}
      {error ? <p role="alert">{errorText(error)}</p> : null}
    </div>
  )
}
