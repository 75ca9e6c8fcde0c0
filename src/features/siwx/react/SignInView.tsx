'use client'
import type { Kit } from '../../../kernel/index.js'
import { useUi } from '../../../ui/KitProvider.js'
import { VIEW_CSS } from '../../../ui/theme/viewStyles.js'
import type { siwx } from '../index.js'

/** The SIWX feature's intents on a kit that registered it. */
function siwxIntentsOf(kit: Kit) {
  return (kit as unknown as Kit<readonly [ReturnType<typeof siwx>]>).features.siwx
}

/**
 * SIWXSignMessage: the sign-in the site asks for after connect. Until the message signing lands
 * (issue #15) it offers the §4 cancel, so a required sign-in never traps anyone.
 * @internal
 */
export function SignInView() {
  const { kit, t } = useUi()
  return (
    <div className="gw-center">
      <style>{VIEW_CSS}</style>
      <p className="gw-muted">{t('siwx.explain')}</p>
      {/* §4 cancel: disconnects when sign-in is required, else closes; then Connect. */}
      <button
        type="button"
        className="gw-button"
        onClick={() =>
          void siwxIntentsOf(kit)
            .cancel()
            .catch(() => undefined)
        }
      >
        {t('siwx.cancel')}
      </button>
    </div>
  )
}
