/**
 * §5 activity rules.
 * @module
 */
import type { Transaction } from '../../kernel/index.js'

/**
 * §5 a transaction whose transfers are all spam-flagged NFTs is dropped, and activity is kept only
 * for the connected chain.
 * @example
 * import { filterActivity } from '@gangway/kit/activity'
 * filterActivity([], 'eip155:1') // []
 * @param transactions - what the data service returned.
 * @param connectedNetworkId - the CAIP-2 id of the connected network.
 * @returns the transactions to show.
 */
export function filterActivity(
  transactions: readonly Transaction[],
  connectedNetworkId: string,
): Transaction[] {
  return transactions.filter((transaction) => {
    if (transaction.metadata.chain !== connectedNetworkId) return false
    const { transfers } = transaction
    const allSpam =
      transfers.length > 0 &&
      transfers.every((transfer) => transfer.nft_info?.flags.is_spam === true)
    return !allSpam
  })
}

/** What a transaction was, for the account, as the list names it. */
export type ActivityKind = 'swap' | 'mint' | 'approve' | 'send' | 'receive' | 'execute'

const ZERO_ADDRESS = /^0x0{40}$/i

/**
 * What a transaction was for the account: a swap (it sent one token and received another in the
 * same transaction, whatever contract it called), a mint (tokens that came from the zero address),
 * an approval (it set an allowance and moved nothing), else the data service's operation (`send`,
 * `receive`, `execute`).
 * @example
 * import { activityKindOf } from '@gangway/kit/activity'
 * activityKindOf(transaction) // 'swap'
 * @param transaction - one item of the account's activity.
 * @returns its kind; an operation the kit has no word for counts as `execute`.
 */
export function activityKindOf(transaction: Transaction): ActivityKind {
  const { transfers, metadata } = transaction
  const out = transfers.filter((transfer) => transfer.direction === 'out')
  const into = transfers.filter((transfer) => transfer.direction === 'in')
  const symbolOf = (transfer: Transaction['transfers'][number]) =>
    transfer.fungible_info?.symbol ?? transfer.nft_info?.name ?? ''
  if (
    out.length > 0 &&
    into.length > 0 &&
    out.some((sent) => into.some((received) => symbolOf(received) !== symbolOf(sent)))
  ) {
    return 'swap'
  }
  if (ZERO_ADDRESS.test(metadata.sentFrom) && into.length > 0 && out.length === 0) return 'mint'
  if ((transaction.approvals?.length ?? 0) > 0 && out.length === 0 && into.length === 0) {
    return 'approve'
  }
  const operation = metadata.operationType
  return operation === 'send' || operation === 'receive' ? operation : 'execute'
}

/** The units a relative time steps through, each with its length in seconds. */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

/**
 * How long ago a transaction was mined, in the visitor's language (`5 minutes ago`, `gestern`),
 * in the largest unit that fits; `now` for under ten seconds, and a time in the future (a clock
 * ahead of the visitor's) reads as `now` too.
 * @example
 * import { relativeTimeOf } from '@gangway/kit/activity'
 * relativeTimeOf('en', Date.now() - 120_000, Date.now()) // '2 minutes ago'
 * @param tag - a BCP 47 language tag.
 * @param then - when it happened, ms since the epoch.
 * @param now - the current time, ms since the epoch.
 * @returns the text; `null` for a time that is not a number.
 */
export function relativeTimeOf(tag: string, then: number, now: number): string | null {
  if (!Number.isFinite(then) || !Number.isFinite(now)) return null
  let format: Intl.RelativeTimeFormat
  try {
    format = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' })
  } catch {
    format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
  }
  const seconds = Math.floor((now - then) / 1000)
  if (seconds < 10) return format.format(0, 'second')
  for (const [unit, length] of UNITS) {
    if (seconds >= length) return format.format(-Math.floor(seconds / length), unit)
  }
  return format.format(0, 'second')
}
