'use client'
import { useEffect, useState } from 'react'
import { truncateAddress } from '../../kernel/index.js'
import { safeLinkUrl } from './safeUrl.js'

/** What {@link TransactionStatus} shows: one transaction, in the words of its feature. */
export interface TransactionStatusProps {
  /** The transaction, or `null` when there is none to speak of (the live region stays). */
  readonly transaction: {
    /** Where it stands: sent and waiting, mined, or failed (reverted). */
    readonly status: 'pending' | 'confirmed' | 'failed'
    /** The feature's sentence for that status ('Transaction confirmed:'). */
    readonly text: string
    /** The transaction hash (signature on Solana), shown truncated. */
    readonly hash: string
    /** The network's explorer page of the transaction; `null` where the network names none. */
    readonly explorerUrl: string | null
  } | null
  /** The copy button's label, then its label once the hash is on the clipboard. */
  readonly copyLabel: string
  readonly copiedLabel: string
}

/**
 * A transaction's status line, as the Account view shows it after a send or a swap: pending, then
 * confirmed or failed, with the hash as a link to the network's explorer, or a button copying the
 * whole hash where the network names no explorer. The line lives in a polite live region that is
 * there before the status changes, so screen readers announce each change.
 * @example
 * import { TransactionStatus } from '@gangway/kit/react'
 * const Line = () => (
 *   <TransactionStatus
 *     transaction={{ status: 'pending', text: 'Sent:', hash: '0xabc', explorerUrl: null }}
 *     copyLabel="Copy hash"
 *     copiedLabel="Hash copied"
 *   />
 * )
 * @param props - the transaction and the copy button's labels.
 * @returns the live region, with the line when there is a transaction.
 */
export function TransactionStatus({ transaction, copyLabel, copiedLabel }: TransactionStatusProps) {
  const [copied, setCopied] = useState<string | null>(null)
  const hash = transaction?.hash ?? null
  // A later transaction's hash is not on the clipboard yet.
  useEffect(() => {
    if (copied !== null && copied !== hash) setCopied(null)
  }, [copied, hash])
  const href = safeLinkUrl(transaction?.explorerUrl)
  return (
    <div role="status" aria-live="polite" data-gangway="transaction-status">
      {transaction ? (
        <p className="gw-tx-status" data-status={transaction.status}>
          <span>{transaction.text}</span>{' '}
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer" title={transaction.hash}>
              {truncateAddress(transaction.hash)}
            </a>
          ) : (
            <>
              <span className="gw-tx-hash" title={transaction.hash}>
                {truncateAddress(transaction.hash)}
              </span>{' '}
              <button
                type="button"
                className="gw-tx-copy"
                onClick={() => {
                  const copying = transaction.hash
                  // "Copied" only when the browser really copied it.
                  navigator.clipboard?.writeText(copying).then(
                    () => setCopied(copying),
                    () => setCopied(null),
                  )
                }}
              >
                {copied === transaction.hash ? copiedLabel : copyLabel}
              </button>
            </>
          )}
        </p>
      ) : null}
    </div>
  )
}
