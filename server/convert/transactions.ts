/**
 * The approval and swap transactions as the convert API hands them out: gas estimated by the node
 * with headroom, and the wire shape (CAIP-10 from/to, decimal strings).
 * @module
 */
import type { Address } from 'viem'
import type { ConvertTransaction } from '../../src/services/gangway/convertSchemas.js'
import type { Amm } from './amm.js'

/** Headroom over a built transaction's estimate, in percent. */
const GAS_HEADROOM_PERCENT = 25n

/** A transaction before it is priced. */
export interface UnpricedTransaction {
  readonly from: Address
  readonly to: Address
  readonly data: `0x${string}`
  readonly value: bigint
}

/**
 * The node's gas estimate plus a quarter: state moves between building and signing.
 * @param amm - the swap network's node.
 * @param tx - the transaction.
 * @returns gas units; rejects when the node says the call would revert.
 */
export async function estimateWithHeadroom(amm: Amm, tx: UnpricedTransaction): Promise<bigint> {
  const gas = await amm.client.estimateGas({
    account: tx.from,
    to: tx.to,
    data: tx.data,
    value: tx.value,
  })
  return gas + (gas * GAS_HEADROOM_PERCENT) / 100n
}

/**
 * The wire shape of a built transaction.
 * @param amm - the swap network's node.
 * @param tx - the transaction.
 * @param gas - its gas limit.
 * @param price - its gas price in wei.
 * @returns the convert API's transaction.
 */
export const toConvertTransaction = (
  amm: Amm,
  tx: UnpricedTransaction,
  gas: bigint,
  price: string,
): ConvertTransaction => ({
  from: `${amm.chain.id}:${tx.from}`,
  to: `${amm.chain.id}:${tx.to}`,
  data: tx.data,
  value: String(tx.value),
  eip155: { gas: String(gas), gasPrice: price },
})
