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
