'use client'
import type { SerializedKitError } from '../../kernel/index.js'
import { errorText } from '../copy/messages.js'
import { useUi } from '../KitProvider.js'

/**
 * A failed connect: the error in the visitor's words and a retry of the same wallet. Its rules
 * are in `VIEW_CSS`, not the first-open sheet: a view that renders it renders `VIEW_CSS` too.
 * Part of the view toolkit feature views use.
 * @example
 * import { ConnectionFailure, VIEW_CSS } from '@gangway/kit/react'
 * const Failed = () => (<><style>{VIEW_CSS}</style><ConnectionFailure /></>)
 * @see /docs/features.md
 */
export function ConnectionFailure({
  error,
  namespace,
  connectorId,
}: {
  readonly error: SerializedKitError
  readonly namespace: string
  readonly connectorId: string
}) {
  const { kit, t, locale } = useUi()
  return (
    <>
      <p className="gw-error" role="alert">
        {t('connecting.failed')}: {errorText(locale, error)}
      </p>
      <button
        type="button"
        className="gw-button gw-primary"
        // The outcome shows in the connecting view, from state.
        onClick={() => kit.connect({ namespace, connectorId }).catch(() => undefined)}
      >
        {t('connecting.retry')}
      </button>
    </>
  )
}
