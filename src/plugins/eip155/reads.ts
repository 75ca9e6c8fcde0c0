/**
 * Chain reads as the visitor waits for them: one time budget per read, the kit's AbortSignal on
 * every HTTP request, and node answers checked before they become numbers.
 * @module
 */
import type { SchedulerLike } from 'rxjs'
import { type Address, createPublicClient, custom, type PublicClient } from 'viem'
import * as z from 'zod/mini'
import { CancelledError, KitError, TIMINGS } from '../../kernel/index.js'

/**
 * A JSON-RPC quantity that fits a uint256: `0x` and 1 to 64 hex digits. A node answering `""`,
 * `true` or 2^1024 is lying or broken, and its answer must not become "0 ETH", 1 wei or a
 * 300-digit balance.
 */
const uint256QuantitySchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))

/**
 * Runs `read` with a signal that aborts when the kit cancels it or when the §9 RPC timeout
 * (10,000 ms, on the kit's scheduler) runs out, whichever comes first: the timeout is the
 * visitor's whole wait for the read, however many requests and fallback nodes it takes
 * (docs/decisions/0101-rpc-reads-budget.md). The wait ends at the deadline even if something
 * inside does not honour the signal.
 * @param scheduler - the kit's scheduler (virtual in tests).
 * @param signal - the kit's signal for the operation.
 * @param what - what is read, for the error's details.
 * @param read - the read; pass its signal to every request.
 * @returns what `read` returns.
 * @throws CANCELLED when the kit cancelled; SOMETHING_WENT_WRONG when the budget ran out.
 * @internal
 */
export function withReadBudget<TValue>(
  scheduler: SchedulerLike,
  signal: AbortSignal,
  what: string,
  read: (signal: AbortSignal) => Promise<TValue>,
): Promise<TValue> {
  const controller = new AbortController()
  return new Promise<TValue>((resolve, reject) => {
    // Cancelled before it started: nothing is sent at all.
    if (signal.aborted) {
      reject(new CancelledError({ details: `The read of ${what} was cancelled.` }))
      return
    }
    const cancel = () => {
      controller.abort()
      reject(new CancelledError({ details: `The read of ${what} was cancelled.` }))
    }
    const timer = scheduler.schedule(() => {
      controller.abort()
      reject(
        new KitError('RPC_TIMEOUT', {
          details: `The node did not answer ${what} within ${TIMINGS.rpcHttpTimeoutMs} ms.`,
        }),
      )
    }, TIMINGS.rpcHttpTimeoutMs)
    signal.addEventListener('abort', cancel, { once: true })
    const done = () => {
      timer.unsubscribe()
      signal.removeEventListener('abort', cancel)
    }
    read(controller.signal).then(
      (value) => {
        done()
        resolve(value)
      },
      (error: unknown) => {
        done()
        reject(error)
      },
    )
  })
}

/**
 * A client for one read: every request goes through `client` (its transport, batching and
 * ranking) with `signal`, so a cancelled read closes its HTTP requests and one cancelled before
 * they left never reaches the node. viem's actions (multicall, ENS) take no signal of their own.
 * @internal
 */
export function readClientOf(client: PublicClient, signal: AbortSignal): PublicClient {
  return createPublicClient({
    ...(client.chain ? { chain: client.chain } : {}),
    transport: custom(
      {
        request: ({ method, params }) =>
          client.request({ method, params } as Parameters<PublicClient['request']>[0], {
            signal,
          }),
      },
      { retryCount: 0 },
    ),
  }) as PublicClient
}

/**
 * The native balance of `address` (eth_getBalance), checked to be a uint256 quantity.
 * @throws SOMETHING_WENT_WRONG when the node's answer is not one
 * @internal
 */
export async function readNativeBalance(client: PublicClient, address: Address): Promise<bigint> {
  const answer: unknown = await client.request({
    method: 'eth_getBalance',
    params: [address, 'latest'],
  })
  const parsed = uint256QuantitySchema.safeParse(answer)
  if (!parsed.success) {
    throw new KitError('SOMETHING_WENT_WRONG', {
      details: 'The node answered eth_getBalance with a value that is not a uint256 quantity.',
    })
  }
  return BigInt(parsed.data)
}
