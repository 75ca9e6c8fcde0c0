'use client'
import { useUi } from '../KitProvider.js'
import { useKit } from '../useKit.js'

/**
 * The route of a view whose feature has not shipped yet (swap, on-ramp, names, activity, SIWX,
 * email and social login): it is loaded lazily, says the action is not available, and offers the
 * way back. On the SIWX views it offers the §4 cancel, so a required sign-in never traps anyone.
 * @internal
 */
export function UnavailableView() {
  const { kit, t } = useUi()
  const isSignIn = useKit(
    (state) => state.router.view === 'SIWXSignMessage' || state.router.view === 'ConnectingSiwe',
  )
  return (
    <div className="gw-center">
      <p className="gw-muted">{t('error.CAPABILITY_UNSUPPORTED')}</p>
      {isSignIn ? (
        // §4 cancel: disconnects when sign-in is required, else closes; then Connect.
        <button
          type="button"
          className="gw-button"
          onClick={() => void kit.cancelSignIn().catch(() => undefined)}
        >
          {t('siwx.cancel')}
        </button>
      ) : (
        <button type="button" className="gw-button" onClick={() => kit.back()}>
          {t('modal.back')}
        </button>
      )}
    </div>
  )
}
