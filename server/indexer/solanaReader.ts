/**
 * What the indexer asks a Solana node: its slot, an address's signatures, a transaction
 * (`jsonParsed`). Each call is bounded by a timeout and by the indexer's stop; what comes back is
 * untrusted and handed on unchecked (collectSolana.ts checks each item). `@solana/kit`'s RPC
 * parses the node's integers as bigints, so lamports past 2^53 keep every digit.
 * @module
 */
import type { Address, Signature } from '@solana/kit'
import { RPC_TIMEOUT_MS } from '../chains.js'

/** The node did not answer (refused, timed out, an HTTP error): nothing follows about the chain. */
export class SolanaNodeUnreachableError extends Error {
  override name = 'SolanaNodeUnreachableError'
}

/**
 * The node serving a call has not reached the slot asked for (`minContextSlot`): a node behind a
 * load balancer lagging the one that named the slot. Asked again next step.
 */
export class SolanaNodeBehindError extends Error {
  override name = 'SolanaNodeBehindError'
}

/** Reads a Solana node for the indexer. */
export interface SolanaReader {
  /** The node's slot at `confirmed` commitment. */
  head(signal?: AbortSignal): Promise<number>
  /**
   * One page of an address's signatures, newest first, as the node answered it (unchecked), from a
   * node that has seen `minContextSlot`.
   */
  signatures(
    address: string,
    options: { readonly before?: string; readonly limit: number; readonly minContextSlot: number },
    signal?: AbortSignal,
  ): Promise<unknown>
  /** A transaction in `jsonParsed`, as the node answered it (unchecked; `null` when unknown). */
  transaction(signature: string, signal?: AbortSignal): Promise<unknown>
}

type Kit = typeof import('@solana/kit')

/**
 * Whether a failure is the node not answering, rather than an answer (a JSON-RPC error is one).
 */
function unreachable(kit: Kit, error: unknown): boolean {
  // An HTTP error status (a proxy's 502, a rate limit's 429) is the transport failing; JSON-RPC
  // errors are the node answering.
  if (kit.isSolanaError(error)) {
    return kit.isSolanaError(error, kit.SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)
  }
  // fetch rejects with a TypeError when the connection fails, and with the signal's reason
  // (TimeoutError, AbortError) when a bound ends it.
  return (
    error instanceof TypeError ||
    (error instanceof DOMException &&
      (error.name === 'TimeoutError' || error.name === 'AbortError'))
  )
}

/**
 * Creates a reader of one node.
 * @param url - the node's JSON-RPC URL.
 * @param timeoutMs - the longest one call may take.
 * @returns the reader.
 */
export function createSolanaReader(url: string, timeoutMs = RPC_TIMEOUT_MS): SolanaReader {
  // Loaded on the first call: a server without a solana chain never pays for it.
  let loaded: Promise<{ kit: Kit; rpc: ReturnType<Kit['createSolanaRpc']> }> | undefined
  const load = () => {
    loaded ??= import('@solana/kit').then((kit) => ({ kit, rpc: kit.createSolanaRpc(url) }))
    return loaded
  }
  async function call<TValue>(
    request: (rpc: ReturnType<Kit['createSolanaRpc']>) => {
      send(options: { abortSignal: AbortSignal }): Promise<TValue>
    },
    signal: AbortSignal | undefined,
  ): Promise<TValue> {
    const { kit, rpc } = await load()
    const bound = AbortSignal.timeout(timeoutMs)
    try {
      return await request(rpc).send({
        abortSignal: signal ? AbortSignal.any([signal, bound]) : bound,
      })
    } catch (error) {
      if (
        kit.isSolanaError(
          error,
          kit.SOLANA_ERROR__JSON_RPC__SERVER_ERROR_MIN_CONTEXT_SLOT_NOT_REACHED,
        )
      ) {
        throw new SolanaNodeBehindError(`The Solana node at ${url} is behind`, { cause: error })
      }
      if (unreachable(kit, error)) {
        throw new SolanaNodeUnreachableError(`The Solana node at ${url} did not answer`, {
          cause: error,
        })
      }
      throw error
    }
  }
  return {
    head: async (signal) =>
      Number(await call((rpc) => rpc.getSlot({ commitment: 'confirmed' }), signal)),
    signatures: (address, options, signal) =>
      call(
        (rpc) =>
          rpc.getSignaturesForAddress(address as Address, {
            commitment: 'confirmed',
            limit: options.limit,
            minContextSlot: BigInt(options.minContextSlot),
            ...(options.before ? { before: options.before as Signature } : {}),
          }),
        signal,
      ),
    transaction: (signature, signal) =>
      call(
        (rpc) =>
          rpc.getTransaction(signature as Signature, {
            commitment: 'confirmed',
            encoding: 'jsonParsed',
            maxSupportedTransactionVersion: 0,
          }),
        signal,
      ),
  }
}
