/**
 * Saving and loading an anvil node's whole state over JSON-RPC (`anvil_dumpState`,
 * `anvil_loadState`): a deployment made once loads into a fresh node in milliseconds.
 * @module
 */

/** How long one state call may take. */
const STATE_CALL_TIMEOUT_MS = 30_000

async function call(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(STATE_CALL_TIMEOUT_MS),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } }
  if (body.error !== undefined || body.result === undefined) {
    throw new Error(`anvil: ${method} failed: ${body.error?.message ?? `HTTP ${response.status}`}`)
  }
  return body.result
}

/**
 * Reads a running anvil node's state (accounts, code, storage, blocks) as anvil's compressed hex.
 * @example
 * import { dumpAnvilState, startAnvil } from '@gangway/kit/testing/node'
 * const node = await startAnvil()
 * // … deploy contracts …
 * const state = await dumpAnvilState(node.url)
 * @param url - the node's JSON-RPC URL.
 * @returns the state, `0x…` hex.
 * @throws Error when the node refuses or does not answer within 30 s.
 * @see https://getfoundry.sh/anvil/reference/anvil
 */
export async function dumpAnvilState(url: string): Promise<`0x${string}`> {
  const state = await call(url, 'anvil_dumpState', [])
  if (typeof state !== 'string' || !/^0x[0-9a-f]*$/i.test(state)) {
    throw new Error('anvil: anvil_dumpState answered something other than hex')
  }
  return state as `0x${string}`
}

/**
 * Loads a state from {@link dumpAnvilState} into a running anvil node (its accounts and contracts
 * replace the node's).
 * @example
 * import { loadAnvilState, startAnvil } from '@gangway/kit/testing/node'
 * const node = await startAnvil()
 * await loadAnvilState(node.url, savedState)
 * @param url - the node's JSON-RPC URL.
 * @param state - the saved state.
 * @throws Error when the node refuses the state or does not answer within 30 s.
 * @see https://getfoundry.sh/anvil/reference/anvil
 */
export async function loadAnvilState(url: string, state: `0x${string}`): Promise<void> {
  const loaded = await call(url, 'anvil_loadState', [state])
  if (loaded !== true) throw new Error('anvil: anvil_loadState did not load the state')
}
