import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One JSON-RPC call as the proxy received it. */
export interface RpcCall {
  readonly id: unknown
  readonly method: string
  readonly params?: unknown
}

/**
 * What the proxy does with a call: forward it to the real node (`undefined`), answer it itself
 * (`result` or `error`, e.g. a lie), fail the whole HTTP request (`status`), or never answer
 * (`'hang'`). A promise holds the call until it settles, as a slow node would.
 */
export type RpcDecision =
  | undefined
  | 'hang'
  | { readonly result: unknown }
  | { readonly error: { readonly code: number; readonly message: string } }
  | { readonly status: number }

/** A real HTTP JSON-RPC server in front of a real node, for slow, hanging and lying nodes. */
export interface RpcProxy {
  /** The URL to configure as the node. */
  readonly url: string
  /** Every call received, batches flattened, in arrival order. */
  readonly calls: readonly RpcCall[]
  /** Calls passed on to the real node. */
  readonly forwarded: readonly RpcCall[]
  /** Calls whose HTTP request the client abandoned (closed the connection) before the answer. */
  readonly abandoned: readonly RpcCall[]
  /** Decides each call; forward everything by default. */
  decide: (call: RpcCall) => RpcDecision | Promise<RpcDecision>
  /** Resolves once `predicate` holds for the proxy (checked now and after every change). */
  until(predicate: (proxy: RpcProxy) => boolean): Promise<void>
  /** Stops the server and drops open connections. */
  close(): Promise<void>
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/**
 * Starts a JSON-RPC proxy on a free loopback port in front of `upstream` (a local anvil).
 * @param upstream - the real node's URL.
 * @returns the running proxy.
 */
export async function startRpcProxy(upstream: string): Promise<RpcProxy> {
  const calls: RpcCall[] = []
  const forwarded: RpcCall[] = []
  const abandoned: RpcCall[] = []
  const waiters = new Set<() => void>()
  const changed = () => {
    for (const waiter of [...waiters]) waiter()
  }

  const forward = async (call: RpcCall) => {
    forwarded.push(call)
    changed()
    const response = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', ...call }),
    })
    return (await response.json()) as Record<string, unknown>
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    let raw = ''
    for await (const chunk of request) raw += chunk
    const body = JSON.parse(raw) as unknown
    const batch = (Array.isArray(body) ? body : [body]).filter(isObject) as unknown as RpcCall[]
    let isClosed = false
    response.on('close', () => {
      if (response.writableEnded) return
      isClosed = true
      abandoned.push(...batch)
      changed()
    })
    calls.push(...batch)
    changed()
    const answers = await Promise.all(
      batch.map(async (call) => {
        const decision = await proxy.decide(call)
        if (decision === 'hang') return new Promise<never>(() => undefined)
        // A node never starts work for a request whose sender already hung up.
        if (isClosed) return undefined
        if (decision === undefined) return forward(call)
        if ('status' in decision) return decision
        return { jsonrpc: '2.0', id: call.id, ...decision }
      }),
    )
    if (isClosed) return
    const failed = answers.find((answer) => isObject(answer) && 'status' in answer) as
      | { status: number }
      | undefined
    if (failed) {
      response.writeHead(failed.status).end()
      return
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(Array.isArray(body) ? answers : answers[0]))
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const proxy: RpcProxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    forwarded,
    abandoned,
    decide: () => undefined,
    until: (predicate) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!predicate(proxy)) return
          waiters.delete(check)
          resolve()
        }
        waiters.add(check)
        check()
      }),
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
  return proxy
}

/** The calls of one method. */
export function callsOf(calls: readonly RpcCall[], method: string): RpcCall[] {
  return calls.filter((call) => call.method === method)
}
