/**
 * Reorg detection: the recent blocks the indexer stored, compared with what the node says now.
 * @module
 */
import { BlockNotFoundError, type PublicClient } from 'viem'

/**
 * Finds where the stored blocks and the node agree again, newest first.
 * @param recent - stored `{ number, hash }`, newest first.
 * @param client - the chain's client.
 * @returns `undefined` when the newest stored block still matches (no reorg); otherwise the
 * number of the newest block that matches, or `null` when none of the stored ones does.
 * @throws what the client throws when the node cannot be reached: no answer is no reorg.
 */
export async function findAncestor(
  recent: readonly { readonly number: number; readonly hash: string }[],
  client: PublicClient,
): Promise<number | null | undefined> {
  for (const [index, stored] of recent.entries()) {
    const hash = await client
      .getBlock({ blockNumber: BigInt(stored.number) })
      .then((block) => block.hash)
      // A block above the node's head (anvil after evm_revert) does not exist any more. Only the
      // node saying so counts: a node that cannot be reached (stopped, restarting) says nothing
      // about the chain, and reading that as "no block matches" would roll history back to the
      // start, so the failure goes to the caller.
      .catch((error: unknown) => {
        if (error instanceof BlockNotFoundError) return null
        throw error
      })
    if (hash === stored.hash) return index === 0 ? undefined : stored.number
  }
  return recent.length === 0 ? undefined : null
}
