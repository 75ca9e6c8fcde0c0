'use client'
import { useFeatureCopy, useKit } from '../../../ui/index.js'
import { selectHasSiwxSession, selectSiwxSettings } from '../selectors.js'
import { siwxMessages } from './messages.js'
import { siwxIntentsOf } from './siwxIntentsOf.js'

/**
 * Whether the active account is signed in, on the Account view: 'Signed in' with a sign-out, or,
 * where sign-in is optional and the visitor dismissed the prompt, a way back to it. The siwx
 * feature's line in the Account view.
 * @internal
 */
export function SignInStatus() {
  const { kit, t } = useFeatureCopy(siwxMessages)
  const isSignedIn = useKit(selectHasSiwxSession)
  const isEnabled = useKit((state) => selectSiwxSettings(state) !== undefined)
  if (!isEnabled) return null
  return (
    <p className="gw-tx-status" data-gangway="siwx-status">
      <span className="gw-muted">{isSignedIn ? t('siwx.signedIn') : t('siwx.signedOut')}</span>
      {isSignedIn ? (
        <button
          type="button"
          className="gw-tx-copy"
          onClick={() =>
            void siwxIntentsOf(kit)
              .signOut()
              .catch(() => {
                // A failed disconnect is reported by the kit's own snack.
              })
          }
        >
          {t('siwx.signOut')}
        </button>
      ) : (
        <button
          type="button"
          className="gw-tx-copy"
          onClick={() => kit.navigate('SIWXSignMessage')}
        >
          {t('siwx.signInAgain')}
        </button>
      )}
    </p>
  )
}
