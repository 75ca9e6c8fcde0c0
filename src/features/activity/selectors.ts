import { type KitState, type Transaction, transactionGroupTitle } from '../../kernel/index.js'
import type { ActivityState } from './slice.js'

/**
 * The activity slice, once the activity feature has loaded in this kit.
 * @example
 * import { selectActivity } from '@gangway/kit/activity'
 * selectActivity(kit.getState())?.items.length
 */
export function selectActivity(state: KitState): ActivityState | undefined {
  return state.activity
}

/** Transactions under one §9 title. */
export interface ActivityGroup {
  /** 'March' in the current year, 'March 2025' before (§9). */
  readonly title: string
  readonly transactions: readonly Transaction[]
}

/**
 * The listed transactions grouped by the §9 title rule, newest first. Pure: the year and the
 * language are parameters.
 * @example
 * import { groupActivity } from '@gangway/kit/activity'
 * groupActivity(items, 2026, 'en')[0]?.title // 'March'
 * @param items - transactions, newest first.
 * @param currentYear - the year now.
 * @param locale - a BCP 47 tag for month names.
 * @returns the groups, in the items' order.
 */
export function groupActivity(
  items: readonly Transaction[],
  currentYear: number,
  locale = 'en',
): ActivityGroup[] {
  const groups: { title: string; transactions: Transaction[] }[] = []
  for (const item of items) {
    const title = transactionGroupTitle(item.metadata.minedAt, currentYear, locale)
    const last = groups.at(-1)
    if (last?.title === title) last.transactions.push(item)
    else groups.push({ title, transactions: [item] })
  }
  return groups
}
