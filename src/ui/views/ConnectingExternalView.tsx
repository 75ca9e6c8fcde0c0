'use client'
import { connectorKey, selectActiveAccount } from '../../kernel/index.js'
import { ConnectionFailure } from '../components/ConnectionFailure.js'
import { useUi } from '../KitProvider.js'
import { VIEW_CSS } from '../theme/viewStyles.js'
import { useKit } from '../useKit.js'

/** Waiting for the wallet, with the error and a retry when it fails. @internal */
export function ConnectingExternalView() {
  const { t } = useUi()
  const pending = useKit((state) => {
    const account = selectActiveAccount(state)
    return account?.status === 'connecting' && account.connectorId && state.activeNamespace
      ? connectorKey(state.activeNamespace, account.connectorId)
      : null
  })
  const failure = useKit((state) => {
    const last = state.operations.lastFailure
    return last?.type === 'connection' && last.connectorId && last.namespace ? last : null
  })
  const key =
    pending ??
    (failure?.namespace && failure.connectorId
      ? connectorKey(failure.namespace, failure.connectorId)
      : null)
  const name = useKit((state) => (key ? (state.connectors.entities[key]?.name ?? null) : null))
  const wallet = name ?? t('modal.label')
  return (
    <div className="gw-center">
      <style>{VIEW_CSS}</style>
      <p>{t('connecting.title', { wallet })}</p>
      {pending || !failure ? (
        <>
          <div className="gw-spinner" role="progressbar" aria-label={t('connecting.waiting')} />
          <p className="gw-muted">{t('connecting.waiting')}</p>
        </>
      ) : (
        <ConnectionFailure
          error={failure.error}
          namespace={failure.namespace!}
          connectorId={failure.connectorId!}
        />
      )}
    </div>
  )
}
