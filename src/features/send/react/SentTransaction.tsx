'use client'
import { TransactionStatus, useFeatureCopy, useKit } from '../../../ui/index.js'
import { selectSendForm, selectSentTransactionUrl } from '../selectors.js'
import { sendMessages } from './messages.js'

const STATUS = { pending: 'pending', success: 'confirmed', reverted: 'failed' } as const

/**
 * The last transaction the visitor sent from the modal: pending, then confirmed or reverted (the
 * balance above is read again then), with the network's explorer link or a copyable hash. Only
 * while it applies (the slice clears it on another family, network, account or flow). The send
 * feature's line in the Account view.
 * @internal
 */
export function SentTransaction() {
  const { t } = useFeatureCopy(sendMessages)
  const last = useKit((state) => selectSendForm(state)?.last ?? null)
  const url = useKit(selectSentTransactionUrl)
  return (
    <TransactionStatus
      transaction={
        last
          ? {
              status: STATUS[last.status],
              text: t(`sent.${last.status}`),
              hash: last.hash,
              explorerUrl: url,
            }
          : null
      }
      copyLabel={t('sent.copy')}
      copiedLabel={t('sent.copied')}
    />
  )
}
