'use client'
import { useUi } from '../KitProvider.js'

/**
 * The route of a view whose feature has not shipped yet (swap, on-ramp, names, activity, SIWX,
 * email and social login): it is loaded lazily, says so, and offers the way back.
 * @internal
 */
export function UnavailableView() {
  const { kit, t } = useUi()
  return (
    <div className="gw-center">
      <p className="gw-muted">{t('error.CAPABILITY_UNSUPPORTED')}</p>
      <button type="button" className="gw-button" onClick={() => kit.back()}>
        {t('modal.back')}
      </button>
    </div>
  )
}
