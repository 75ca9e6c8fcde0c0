'use client'
import { explorerLink, type KitState } from '../../../kernel/index.js'
import { TransactionStatus, useFeatureCopy, useKit } from '../../../ui/index.js'
import type { SwapState } from '../slice.js'
import { swapMessages } from './messages.js'

const lastOf = (state: KitState) => (state as { swap?: SwapState }).swap?.last ?? null

/** The explorer page of the last swap transaction, where its network names an explorer. */
function urlOf(state: KitState): string | null {
  const last = lastOf(state)
  if (!last) return null
  const base = state.namespaces.entities[last.namespace]?.caipNetworks.find(
    (network) => network.id === last.networkId,
  )?.blockExplorers?.[0]?.url
  return base ? explorerLink(base, 'tx', last.hash) : null
}

/**
 * The last approval or swap the visitor sent: pending, then confirmed (a swap's success message)
 * or failed, with the explorer link or a copyable hash; only while it applies. The swap feature's
 * line in the Account view.
 * @internal
 */
export function SwapTransaction() {
  const { t } = useFeatureCopy(swapMessages)
  const last = useKit(lastOf)
  const url = useKit(urlOf)
  return (
    <TransactionStatus
      transaction={
        last
          ? {
              status: last.status,
              text: t(`swap.status.${last.kind}.${last.status}`),
              hash: last.hash,
              explorerUrl: url,
            }
          : null
      }
      copyLabel={t('swap.status.copy')}
      copiedLabel={t('swap.status.copied')}
    />
  )
}
