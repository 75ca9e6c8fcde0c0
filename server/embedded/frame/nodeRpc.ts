/**
 * The frame's calls to the networks' nodes the operator configured (§6's safe methods, and what
 * signing needs: nonce, gas, the raw transaction). A node's own error message reaches the kit,
 * cut short: it is the node's word, not the frame's.
 * @module
 */
import { AN_ERROR_OCCURRED, FrameError } from './frameErrors.js'

/** §9: the embedded wallet's HTTP RPC timeout. */
const RPC_TIMEOUT_MS = 10_000

/** One JSON-RPC call to a node. */
export type NodeCall = (rpcUrl: string, method: string, params: unknown) => Promise<unknown>

/**
 * A node caller over `doFetch`.
 * @param doFetch - the page's `fetch`.
 * @returns the caller; it rejects with a {@link FrameError} for an HTTP or JSON-RPC error.
 */
export const nodeCaller =
  (doFetch: typeof fetch): NodeCall =>
  async (rpcUrl, method, params) => {
    const response = await doFetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
      signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
    })
    if (!response.ok) throw new FrameError(`HTTP status code: ${response.status}`)
    const body = (await response.json()) as { result?: unknown; error?: { message?: unknown } }
    if (body.error) {
      throw new FrameError(
        typeof body.error.message === 'string'
          ? body.error.message.slice(0, 256)
          : AN_ERROR_OCCURRED,
      )
    }
    return body.result
  }
