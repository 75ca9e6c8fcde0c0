'use client'
import { useUi } from '../KitProvider.js'

/**
 * A view this page has no code for (a site's feature registered without its React views): it
 * says the action is not available and offers the way back.
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
