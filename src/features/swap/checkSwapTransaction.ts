/**
 * The check every transaction the swap service builds passes before the wallet sees it: the
 * contract is the router the site names for the network, the call is the one the visitor's choice
 * needs, the recipient is the visitor, the amounts are the typed amount, the minimum output is at
 * least the one the modal shows, and the deadline is near. The service is a data source, never an
 * authority (docs/decisions/0402).
 * @module
 */

import type { ConvertTransaction } from '../../services/gangway/convertSchemas.js'
import type { SwapCall } from './capability.js'
import { swapErrors } from './errors.js'

/** ours: the latest deadline a swap may carry, in seconds after the kit's clock says now. */
export const SWAP_MAX_DEADLINE_SECONDS = 1_800

/** What the visitor chose and the site configured, that a built transaction must match. */
export interface SwapExpectation {
  /** An approval of the source token, or the swap itself. */
  readonly kind: 'approval' | 'swap'
  /** The network, CAIP-2 (`eip155:1`). */
  readonly networkId: string
  /** The visitor's address on it. */
  readonly visitor: string
  /** The site's router for the network (`swap.routers`): the swap's contract, the spender. */
  readonly router: { readonly router: string; readonly wrappedNative: string }
  /** The source token's address, and whether it is the native currency. */
  readonly from: { readonly address: string; readonly isNative: boolean }
  /** The destination token's address, and whether it is the native currency. */
  readonly to: { readonly address: string; readonly isNative: boolean }
  /** The amount the visitor typed, base units of the source token. */
  readonly amountIn: bigint
  /** For a swap: the least the modal shows the visitor receives, base units of `to`. */
  readonly minimumOut: bigint
  /** Now, Unix milliseconds, from the kit's clock. */
  readonly now: number
}

/** The figures of a transaction that passed the check, read from its call data. */
export interface CheckedSwapCall {
  /** The contract called: the router for a swap, the source token for an approval. */
  readonly contract: string
  /** What the transaction spends or lets the router spend, base units of the source token. */
  readonly amountIn: bigint
  /** For a swap: who receives the output, and the least it pays before it reverts. */
  readonly recipient?: string
  readonly minimumOut?: bigint
  /** For an approval: who may spend. */
  readonly spender?: string
}

const same = (left: string, right: string) => left.toLowerCase() === right.toLowerCase()

/** The part of a CAIP-10 id before the address, and the address. */
function splitAccount(id: string): { readonly networkId: string; readonly address: string } {
  const cut = id.lastIndexOf(':')
  return { networkId: id.slice(0, cut), address: id.slice(cut + 1) }
}

/**
 * Checks a built transaction and its decoded call data against the visitor's request and the
 * site's router; returns the figures the preview shows.
 * @example
 * import { checkSwapTransaction } from './checkSwapTransaction.js'
 * const checked = checkSwapTransaction(built.tx, await adapter.decodeSwapCall(built.tx.data), expected)
 * checked.minimumOut // 145500000n: from the call data, not from the service's answer
 * @param tx - the transaction the swap service built.
 * @param call - its call data as the chain plugin read it; `undefined` when it is no swap call.
 * @param expected - what the visitor chose and the site configured.
 * @returns the checked figures.
 * @throws SWAP_TRANSACTION_MISMATCH, its details naming the first thing that differs.
 */
export function checkSwapTransaction(
  tx: ConvertTransaction,
  call: SwapCall | undefined,
  expected: SwapExpectation,
): CheckedSwapCall {
  const refuse = (what: string): never => {
    throw swapErrors.create('SWAP_TRANSACTION_MISMATCH', {
      details: `The ${expected.kind} transaction did not match the request: ${what}.`,
    })
  }
  const target = splitAccount(tx.to)
  const sender = splitAccount(tx.from)
  if (target.networkId !== expected.networkId || sender.networkId !== expected.networkId)
    refuse(`it is for another network than ${expected.networkId}`)
  if (!same(sender.address, expected.visitor)) refuse(`it is sent from ${sender.address}`)
  const value = BigInt(tx.value)
  if (!call) return refuse('its call data is not a swap or approval the kit knows')

  if (expected.kind === 'approval') {
    if (call.functionName !== 'approve') return refuse(`it calls ${call.functionName}`)
    if (expected.from.isNative) refuse('the native currency needs no approval')
    if (!same(target.address, expected.from.address))
      refuse(`it approves the token ${target.address}`)
    if (!same(call.spender, expected.router.router))
      refuse(`the spender ${call.spender} is not the site's router`)
    if (BigInt(call.amount) !== expected.amountIn)
      refuse(`it approves ${call.amount}, not ${expected.amountIn}`)
    if (value !== 0n) refuse(`it sends a value of ${value}`)
    return { contract: target.address, amountIn: BigInt(call.amount), spender: call.spender }
  }

  const functionName = expected.from.isNative
    ? 'swapExactETHForTokens'
    : expected.to.isNative
      ? 'swapExactTokensForETH'
      : 'swapExactTokensForTokens'
  if (call.functionName !== functionName)
    return refuse(`it calls ${call.functionName}, not ${functionName}`)
  if (!same(target.address, expected.router.router))
    refuse(`it calls ${target.address}, not the site's router`)
  const amountIn = call.functionName === 'swapExactETHForTokens' ? value : BigInt(call.amountIn)
  if (amountIn !== expected.amountIn) refuse(`it spends ${amountIn}, not ${expected.amountIn}`)
  if (value !== (expected.from.isNative ? expected.amountIn : 0n))
    refuse(`it sends a value of ${value}`)
  if (!same(call.recipient, expected.visitor))
    refuse(`the output goes to ${call.recipient}, not the visitor`)
  const first = expected.from.isNative ? expected.router.wrappedNative : expected.from.address
  const last = expected.to.isNative ? expected.router.wrappedNative : expected.to.address
  if (call.path.length < 2 || !same(call.path[0]!, first) || !same(call.path.at(-1)!, last))
    refuse(`its path ${call.path.join(' → ')} does not lead from ${first} to ${last}`)
  const minimumOut = BigInt(call.amountOutMin)
  if (minimumOut < expected.minimumOut)
    refuse(`its minimum output ${minimumOut} is below the ${expected.minimumOut} shown`)
  const latest = BigInt(Math.floor(expected.now / 1_000) + SWAP_MAX_DEADLINE_SECONDS)
  if (BigInt(call.deadline) > latest)
    refuse(`its deadline ${call.deadline} is more than ${SWAP_MAX_DEADLINE_SECONDS} s away`)
  return { contract: target.address, amountIn, recipient: call.recipient, minimumOut }
}
