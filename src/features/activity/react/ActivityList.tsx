'use client'
import { useEffect, useRef, useState } from 'react'
import {
  explorerLink,
  featureIntents,
  type Kit,
  LIMITS,
  selectActiveNamespaceEntry,
  truncateAddress,
} from '../../../kernel/index.js'
import { formatAmount, safeImageUrl, useFeatureCopy, useKit } from '../../../ui/index.js'
import type { activity } from '../index.js'
import { activityKindOf, relativeTimeOf } from '../rules.js'
import { groupActivity, selectActivity } from '../selectors.js'
import { activityMessages } from './messages.js'

/** The activity feature's intents on a kit that registered it. */
function activityIntentsOf(kit: Kit) {
  return featureIntents<ReturnType<typeof activity>>(kit, 'activity')
}

/** A transfer's token icon, only when its URL is a safe image URL (the service is untrusted). */
function TransferIcon({ url }: { readonly url: string | undefined }) {
  const safe = safeImageUrl(url)
  return safe ? <img className="gw-transfer-icon" src={safe} alt="" width={16} height={16} /> : null
}

/** Copies a transaction's hash where the network names no explorer to look it up in. */
function CopyHash({ hash }: { readonly hash: string }) {
  const { t } = useFeatureCopy(activityMessages)
  const [copied, setCopied] = useState(false)
  return (
    <button
      type="button"
      className="gw-link-button"
      data-gangway="activity-copy-hash"
      title={hash}
      onClick={() =>
        navigator.clipboard?.writeText(hash).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? t('activity.hashCopied') : t('activity.copyHash')}
    </button>
  )
}

// Amounts and times never break mid-value ('+1,000,000 / GDT'); a row's parts stack instead.
const ACTIVITY_CSS = `
.gw-list li.gw-activity-item { display: grid; grid-template-columns: minmax(0, 1fr) auto; column-gap: 12px; align-items: start; }
.gw-activity-what { grid-row: 1; grid-column: 1; }
.gw-activity-amounts { grid-row: 1; grid-column: 2; }
.gw-activity-meta { grid-row: 2; grid-column: 1 / -1; }
.gw-activity-amount { white-space: nowrap; display: block; text-align: end; }
.gw-activity-when { white-space: nowrap; }
/* The text colour, underlined, as links here are: the accent on a dark card is too faint to read. */
.gw-link-button { background: none; border: 0; padding: 0; color: inherit; cursor: pointer; font: inherit; text-decoration: underline; }
.gw-activity a { color: inherit; }
`

const sign = (direction: 'in' | 'out' | 'self' | null) =>
  direction === 'in' ? '+' : direction === 'out' ? '−' : ''

/**
 * The account's activity (§3 Transaction): grouped by the §9 title rule, newest first, each with
 * its operation, status, counterparty and transfers to 3 decimals; the next page loads when the
 * end of the list scrolls into view (or on "Load more"). It says 'No activity yet.' only when the
 * data service said so on a complete page (one answered while it still indexes reads as loading),
 * and 'Failed to fetch transactions' when it could not be asked.
 * @example
 * import { ActivityList } from '@gangway/kit/react/activity'
 * export const Activity = () => <ActivityList />
 * @returns the list, or nothing when there is nothing the kit can know.
 */
export function ActivityList() {
  const { kit, t, locale, errorText } = useFeatureCopy(activityMessages)
  const state = useKit(selectActivity)
  const hasService = useKit((root) => Boolean(root.options.serviceUrl))
  const explorer = useKit((root) => selectActiveNamespaceEntry(root)?.caipNetworks ?? null)
  const address = useKit((root) => {
    const namespace = root.activeNamespace
    return namespace ? (root.namespaces.entities[namespace]?.accountState.address ?? null) : null
  })
  // In the modal, Account coming on screen wakes the feature and asks for the first page.
  const inModal = useKit((root) => root.modal.isOpen && root.router.view === 'Account')
  const end = useRef<HTMLLIElement>(null)
  // A status or operation this catalogue has no words for reads as the service wrote it.
  const word = (group: 'status' | 'operation', value: string) => {
    const text = t(`activity.${group}.${value}`)
    return text === `activity.${group}.${value}` ? value : text
  }
  const next = state?.next ?? null
  const isLoading = state?.isLoading ?? false
  const isAsked = Boolean(state?.isLoaded || state?.isLoading || state?.error)
  useEffect(() => {
    // Placed anywhere below KitProvider (docs/react.md), the list is what shows the activity: it
    // loads the feature (its intent does) and asks for the account's first page, once per account.
    if (inModal || !hasService || !address || isAsked) return
    activityIntentsOf(kit)
      .refresh()
      .catch(() => undefined)
  }, [kit, inModal, hasService, address, isAsked])
  useEffect(() => {
    const target = end.current
    if (!target || !next || isLoading || typeof IntersectionObserver === 'undefined') return
    // More on scroll: the visitor reaching the end of the list asks for the next page.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        activityIntentsOf(kit)
          .loadMore()
          .catch(() => undefined)
      }
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [kit, next, isLoading])

  // No account, no activity to wait for.
  if (!address) return null
  const items = state?.items ?? []
  // Without a data service the kit knows only this page's sends: no list, no claim. Nor when the
  // service was not asked (a namespace it does not index) and nothing happened here.
  if (!hasService && items.length === 0) return null
  if (
    state &&
    items.length === 0 &&
    !state.isLoaded &&
    !state.isLoading &&
    !state.isIndexing &&
    !state.error
  )
    return null
  const groups = groupActivity(items, new Date().getUTCFullYear(), locale.tag)
  const now = Date.now()
  const lower = address?.toLowerCase()
  return (
    <section className="gw-activity" aria-label={t('activity.title')} data-gangway="activity">
      <style>{ACTIVITY_CSS}</style>
      {/* In the Account view the Activity tab already names the list. */}
      {inModal ? null : <p className="gw-section">{t('activity.title')}</p>}
      {state?.error ? (
        <p className="gw-error" role="alert" data-gangway="activity-error">
          {errorText(state.error)}{' '}
          <button
            type="button"
            className="gw-button"
            onClick={() =>
              activityIntentsOf(kit)
                .refresh()
                .catch(() => undefined)
            }
          >
            {t('activity.retry')}
          </button>
        </p>
      ) : null}
      {hasService && state?.isLoaded && items.length === 0 && !state.error ? (
        <p className="gw-muted">{t('account.noActivity')}</p>
      ) : null}
      {groups.map((group) => (
        <div key={group.title}>
          <p className="gw-section">{group.title}</p>
          <ul className="gw-list">
            {group.transactions.map((item) => {
              const { metadata } = item
              const isOut = metadata.sentFrom.toLowerCase() === lower
              const counterparty = isOut ? metadata.sentTo : metadata.sentFrom
              const kind = activityKindOf(item)
              const base = explorer?.find((network) => network.id === metadata.chain)
                ?.blockExplorers?.[0]?.url
              const link = base ? explorerLink(base, 'tx', item.id) : null
              const title =
                kind === 'approve'
                  ? // 'Approved 100 USDC': what the spender may now take, read from the token's log.
                    (item.approvals ?? [])
                      .map((approval) =>
                        approval.unlimited
                          ? t('activity.kind.approveUnlimited', {
                              symbol: approval.fungible_info.symbol,
                            })
                          : t('activity.kind.approve', {
                              amount: formatAmount(
                                locale.tag,
                                approval.quantity.numeric,
                                LIMITS.transactionAmountDecimals,
                              ),
                              symbol: approval.fungible_info.symbol,
                            }),
                      )
                      .join(', ')
                  : kind === 'swap' || kind === 'mint'
                    ? t(`activity.kind.${kind}`)
                    : word('operation', metadata.operationType)
              const when = relativeTimeOf(locale.tag, Date.parse(metadata.minedAt), now)
              return (
                <li
                  key={item.id}
                  className="gw-activity-item"
                  data-gangway="activity-item"
                  data-status={metadata.status}
                >
                  <span className="gw-activity-what">
                    {link ? (
                      <a
                        href={link}
                        target="_blank"
                        rel="noopener noreferrer"
                        data-gangway="activity-link"
                      >
                        {title}
                      </a>
                    ) : (
                      <span data-gangway="activity-title">{title}</span>
                    )}{' '}
                    {/* A swap's router, a mint's zero address and an approved token contract are no one the visitor dealt with. */}
                    {kind === 'swap' || kind === 'mint' || kind === 'approve' ? null : (
                      <span className="gw-muted">
                        {isOut ? t('activity.to') : t('activity.from')}{' '}
                        {truncateAddress(counterparty)}
                      </span>
                    )}
                  </span>
                  {/* Status, time and hash on a line of their own across the item: beside the amount they wrapped word by word. */}
                  <span className="gw-activity-meta">
                    <span className="gw-muted" data-gangway="activity-status">
                      {word('status', metadata.status)}
                    </span>
                    {when ? (
                      <>
                        {' · '}
                        <time
                          className="gw-muted gw-activity-when"
                          dateTime={metadata.minedAt}
                          data-gangway="activity-time"
                        >
                          {when}
                        </time>
                      </>
                    ) : null}
                    {link ? null : (
                      <>
                        {' · '}
                        <CopyHash hash={item.id} />
                      </>
                    )}
                  </span>
                  <span className="gw-activity-amounts">
                    {item.transfers.map((transfer, index) => (
                      <span
                        // biome-ignore lint/suspicious/noArrayIndexKey: a transaction's transfers never reorder
                        key={`${item.id}-${index}`}
                        className="gw-activity-amount"
                        data-gangway="activity-amount"
                      >
                        <TransferIcon url={transfer.fungible_info?.icon?.url} />
                        {sign(
                          // A swap receives one token and sends another: each transfer its own sign.
                          transfer.direction ??
                            (metadata.operationType === 'send'
                              ? 'out'
                              : metadata.operationType === 'receive'
                                ? 'in'
                                : null),
                        )}
                        {formatAmount(
                          locale.tag,
                          transfer.quantity.numeric,
                          LIMITS.transactionAmountDecimals,
                        )}{' '}
                        {transfer.fungible_info?.symbol ?? transfer.nft_info?.name ?? ''}
                      </span>
                    ))}
                  </span>
                </li>
              )
            })}
          </ul>
        </div>
      ))}
      {/* Still loading while the service is still reading the account's past (decision 0303). */}
      {hasService && (isLoading || !state || state.isIndexing) ? (
        <p className="gw-muted">{t('activity.loading')}</p>
      ) : null}
      {next && !isLoading ? (
        <ul className="gw-list">
          <li ref={end}>
            <button
              type="button"
              className="gw-button"
              onClick={() =>
                activityIntentsOf(kit)
                  .loadMore()
                  .catch(() => undefined)
              }
            >
              {t('activity.more')}
            </button>
          </li>
        </ul>
      ) : null}
    </section>
  )
}
