/**
 * What the swap feature needs from a chain plugin beyond the kernel's adapter: sending a
 * transaction the swap service built, and reading its call data so the kit can check it first.
 * A plugin offers them as `capabilities.swap` on its adapter; the kernel never sees them.
 * @module
 */
import { adapterCapability, type CaipAddress, type ChainAdapter } from '../../kernel/index.js'

/**
 * Parameters of {@link SwapAdapter.sendTransaction}: a transaction another party built (the swap
 * service's approval or swap), sent by the connected wallet as it is. Amounts are base units as
 * decimal strings.
 */
export interface TransactionRequest {
  readonly connectorId: string
  /** The sender, CAIP-10; its network is where the transaction goes. */
  readonly from: CaipAddress
  /** The contract or account called, as the chain writes it. */
  readonly to: string
  /** Call data, `0x…` hex. */
  readonly data: string
  /** Native value in base units. */
  readonly value: string
  /** Gas limit in units; the wallet estimates when omitted. */
  readonly gas?: string
  /** Gas price in base units; the wallet picks when omitted. */
  readonly gasPrice?: string
}

/**
 * A call of a swap router or of a token's `approve`, read from call data by
 * {@link SwapAdapter.decodeSwapCall}, so the swap feature can check what the swap service built
 * against what the visitor chose before the wallet sees it. Amounts are base units as decimal
 * text; addresses are as the chain writes them.
 */
export type SwapCall =
  | {
      /** ERC-20 `approve(spender, amount)`. */
      readonly functionName: 'approve'
      readonly spender: string
      readonly amount: string
    }
  | {
      /** Uniswap V2 Router02 `swapExactETHForTokens`: the input is the transaction's value. */
      readonly functionName: 'swapExactETHForTokens'
      readonly amountOutMin: string
      /** Token addresses from the input to the output (the wrapped native token first). */
      readonly path: readonly string[]
      /** Who receives the output (the router's `to` argument). */
      readonly recipient: string
      /** Unix time in seconds after which the swap reverts. */
      readonly deadline: string
    }
  | {
      /** Router02 `swapExactTokensForETH` and `swapExactTokensForTokens`. */
      readonly functionName: 'swapExactTokensForETH' | 'swapExactTokensForTokens'
      readonly amountIn: string
      readonly amountOutMin: string
      readonly path: readonly string[]
      readonly recipient: string
      readonly deadline: string
    }

/**
 * The swap capability (`adapter.capabilities.swap`): what a plugin implements so its namespace
 * can swap. Every method honours its `AbortSignal` where it takes one.
 */
export interface SwapAdapter {
  /**
   * Sends a transaction built elsewhere (call data included) through the connected wallet;
   * resolves with its hash once the wallet has submitted it.
   */
  sendTransaction(
    parameters: TransactionRequest,
    signal: AbortSignal,
  ): Promise<{ readonly hash: string }>
  /**
   * Reads call data as one of the calls a swap sends ({@link SwapCall}): `undefined` for anything
   * else, including call data that is not exactly the standard encoding of the call it names (so no
   * decoder, the contract's included, can read it as another). Local: no node, no wallet.
   */
  decodeSwapCall(data: string): Promise<SwapCall | undefined>
}

/**
 * The adapter's swap capability, when it offers all of it.
 * @example
 * const swapping = swapAdapterOf(context.adapters.get('eip155'))
 * if (!swapping) throw new KitError('CAPABILITY_UNSUPPORTED', { plugin: 'eip155' })
 * @param adapter - a namespace's adapter.
 * @returns its {@link SwapAdapter}, or `undefined`.
 */
export function swapAdapterOf(adapter: ChainAdapter | undefined): SwapAdapter | undefined {
  return adapterCapability<SwapAdapter>(adapter, 'swap', ['sendTransaction', 'decodeSwapCall'])
}
