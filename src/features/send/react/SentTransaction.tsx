'use client'
import { truncateAddress } from '../../../kernel/index.js'
import { safeLinkUrl, useFeatureCopy, useKit } from '../../../ui/index.js'
import { selectSendForm, selectSentTransactionUrl } from '../selectors.js'
import { sendMessages } from './messages.js'

/**
 * The last transaction the visitor sent from the modal: its hash with the network's explorer link,
 * then, once mined, whether it went through or reverted (the balance above is read again then).
 * Nothing when the send feature has not been used. The send feature's line in the Account view.
 * @internal
 */
export function SentTransaction() {
  const { t } = useFeatureCopy(sendMessages)
  const last = useKit((state) => selectSendForm(state)?.last ?? null)
  const url = useKit(selectSentTransactionUrl)
  if (!last) return null
  const href = safeLinkUrl(url)
  const hash = truncateAddress(last.hash)
  return (
    <p className="gw-muted" role="status" data-gangway="sent-transaction">
      {t(`sent.${last.status}`)}{' '}
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {hash}
        </a>
      ) : (
        <span title={last.hash}>{hash}</span>
      )}
    </p>
  )
}
