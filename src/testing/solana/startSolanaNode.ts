import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { address } from '@solana/kit'
import { Connection, Keypair, type PublicKey } from '@solana/web3.js'
import { LiteSVM } from 'litesvm'
import { type WebSocket, WebSocketServer } from 'ws'
import {
  type CreateSolanaTestMintParameters,
  createSolanaTestMint,
} from './createSolanaTestMint.js'
import {
  localGenesisHash,
  RpcError,
  type SignatureRecord,
  SOLANA_RPC_METHODS,
  type SolanaRpcState,
} from './rpcMethods.js'
import { createTransactionHistory } from './transactionRecords.js'

/**
 * Options of {@link startSolanaNode}; every field has a default.
 * @example
 * const parameters: StartSolanaNodeParameters = { accounts: 2, lamportsPerAccount: 10_000_000_000n }
 */
export interface StartSolanaNodeParameters {
  /** How many funded key pairs to create (default 4); they derive from fixed seeds, so they repeat across runs. */
  readonly accounts?: number
  /** Each funded account's balance in lamports (default 1 000 SOL). */
  readonly lamportsPerAccount?: bigint
  /**
   * The base58 genesis hash `getGenesisHash` reports (default: a fixed hash derived from
   * 'gangway-localnet'). The plugin's localnet network id is `solana:` plus its first 32 characters.
   */
  readonly genesisHash?: string
}

/**
 * A running local Solana node: litesvm behind JSON-RPC on `url` and the subscriptions web3.js
 * needs on `wsUrl` (port + 1, where web3.js looks by default).
 * @example
 * import { Connection } from '@solana/web3.js'
 * import { startSolanaNode } from '@gangway/kit/testing/node'
 * const node = await startSolanaNode()
 * await new Connection(node.url).getBalance(node.keypairs[0]!.publicKey)
 * await node.stop()
 */
export interface SolanaNode {
  /** The HTTP JSON-RPC endpoint, e.g. `http://127.0.0.1:54321`. */
  readonly url: string
  /** The WebSocket endpoint on port + 1. */
  readonly wsUrl: string
  /** The HTTP port. */
  readonly port: number
  /** The base58 genesis hash the node reports. */
  readonly genesisHash: string
  /** The CAIP-2 id of the node's network: `solana:` and the genesis hash's first 32 characters. */
  readonly networkId: `solana:${string}`
  /** The funded key pairs, in order. Never use them outside tests. */
  readonly keypairs: readonly Keypair[]
  /** Creates an SPL mint (Token or Token-2022) and mints to holders, through the node's own RPC. */
  createMint(
    parameters: Omit<CreateSolanaTestMintParameters, 'connection' | 'payer'>,
  ): Promise<PublicKey>
  /** Adds lamports to an account at once (no rate limit, unlike a cluster faucet). */
  airdrop(account: PublicKey, lamports: bigint): void
  /** Closes both servers and every open socket; resolves once they are closed. Idempotent. */
  stop(): Promise<void>
}

const MAX_BODY_BYTES = 5_000_000
const PORT_ATTEMPTS = 10
/** How long a WebSocket client gets to acknowledge the close before its socket is cut. */
const CLOSE_GRACE_MS = 1_000

/** Key pair `index` of the node: a fixed seed per index, so addresses repeat across runs. */
function fundedKeypair(index: number): Keypair {
  return Keypair.fromSeed(createHash('sha256').update(`gangway-solana-account-${index}`).digest())
}

function reply(id: unknown, body: { result: unknown } | { error: unknown }) {
  return { jsonrpc: '2.0', id: id ?? null, ...body }
}

/** One JSON-RPC call against the methods table; errors become JSON-RPC error objects. */
function answer(state: SolanaRpcState, call: unknown) {
  const request = (typeof call === 'object' && call !== null ? call : {}) as {
    id?: unknown
    method?: unknown
    params?: unknown
  }
  const method = typeof request.method === 'string' ? SOLANA_RPC_METHODS[request.method] : undefined
  if (!method) {
    return reply(request.id, {
      error: { code: -32601, message: `Method not found: ${String(request.method)}` },
    })
  }
  try {
    const params = Array.isArray(request.params) ? request.params : []
    return reply(request.id, { result: method(state, params) })
  } catch (error) {
    const rpc =
      error instanceof RpcError ? error : new RpcError(-32603, `Internal error: ${String(error)}`)
    return reply(request.id, {
      error: { code: rpc.code, message: rpc.message, ...(rpc.data ? { data: rpc.data } : {}) },
    })
  }
}

function handleHttp(state: SolanaRpcState, request: IncomingMessage, response: ServerResponse) {
  // Browser pages (the demo) call the node from another origin.
  response.setHeader('access-control-allow-origin', '*')
  response.setHeader('access-control-allow-headers', 'content-type, solana-client')
  if (request.method === 'OPTIONS') return void response.writeHead(204).end()
  if (request.method !== 'POST') return void response.writeHead(405).end()
  const chunks: Buffer[] = []
  let size = 0
  request.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size > MAX_BODY_BYTES) request.destroy()
    else chunks.push(chunk)
  })
  request.on('end', () => {
    let body: unknown
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      body = undefined
    }
    const result =
      body === undefined
        ? reply(null, { error: { code: -32700, message: 'Parse error' } })
        : Array.isArray(body)
          ? body.map((call) => answer(state, call))
          : answer(state, body)
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result))
  })
}

/** signatureSubscribe and slot-free bookkeeping for the WebSocket side. */
function createSubscriptions(state: () => SolanaRpcState) {
  let nextId = 1
  const waiting = new Map<string, Set<{ socket: WebSocket; id: number }>>()
  const notify = (socket: WebSocket, id: number, record: SignatureRecord) => {
    socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'signatureNotification',
        params: {
          result: { context: { slot: record.slot }, value: { err: record.err } },
          subscription: id,
        },
      }),
    )
  }
  const onMessage = (socket: WebSocket, text: string) => {
    let call: { id?: unknown; method?: unknown; params?: unknown }
    try {
      call = JSON.parse(text)
    } catch {
      return void socket.send(
        JSON.stringify(reply(null, { error: { code: -32700, message: 'Parse error' } })),
      )
    }
    const params = Array.isArray(call.params) ? call.params : []
    if (call.method === 'signatureSubscribe' && typeof params[0] === 'string') {
      const id = nextId++
      socket.send(JSON.stringify(reply(call.id, { result: id })))
      const record = state().signatures.get(params[0])
      // litesvm commits synchronously, so the signature is usually known before anyone subscribes.
      if (record) return notify(socket, id, record)
      const set = waiting.get(params[0]) ?? new Set()
      set.add({ socket, id })
      waiting.set(params[0], set)
      return
    }
    if (call.method === 'signatureUnsubscribe') {
      for (const set of waiting.values())
        for (const entry of set)
          if (entry.socket === socket && entry.id === params[0]) set.delete(entry)
      return void socket.send(JSON.stringify(reply(call.id, { result: true })))
    }
    socket.send(
      JSON.stringify(
        reply(call.id, {
          error: { code: -32601, message: `Method not found: ${String(call.method)}` },
        }),
      ),
    )
  }
  const onProcessed = (signature: string, record: SignatureRecord) => {
    const set = waiting.get(signature)
    waiting.delete(signature)
    // A signature notification is sent once, then the subscription ends (as on a real node).
    for (const { socket, id } of set ?? []) notify(socket, id, record)
  }
  return { onMessage, onProcessed }
}

function listen(server: Server | WebSocketServer, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    const done = () => {
      server.off('error', reject)
      resolve()
    }
    if (server instanceof WebSocketServer) server.once('listening', done)
    else server.listen(port, '127.0.0.1', done)
  })
}

/** An HTTP server on a free port P and a WebSocket server on P + 1 (retried when P + 1 is taken). */
async function listenOnPair(http: Server, onSocket: (socket: WebSocket) => void) {
  let lastError: unknown
  for (let attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
    await listen(http, 0)
    const port = (http.address() as AddressInfo).port
    const ws = new WebSocketServer({ host: '127.0.0.1', port: port + 1 })
    try {
      await listen(ws, port + 1)
      ws.on('connection', onSocket)
      return { port, ws }
    } catch (error) {
      lastError = error
      ws.close()
      await new Promise((resolve) => http.close(resolve))
    }
  }
  throw new Error(`startSolanaNode: no free port pair after ${PORT_ATTEMPTS} attempts`, {
    cause: lastError,
  })
}

/**
 * Starts a local Solana node on 127.0.0.1: litesvm (SPL Token, Token-2022 and the associated token
 * account program built in) behind JSON-RPC over HTTP, with `signatureSubscribe` on a WebSocket at
 * port + 1, which is what `@solana/web3.js` 1.x needs for `sendAndConfirmTransaction`.
 *
 * HTTP methods: getHealth, getVersion, getGenesisHash, getSlot, getBlockHeight, getEpochInfo,
 * getLatestBlockhash, isBlockhashValid, getFeeForMessage, getMinimumBalanceForRentExemption,
 * getBalance, getAccountInfo and getMultipleAccounts (base64), getTokenAccountsByOwner (base64,
 * `{ mint }` or `{ programId }` of either token program), getTokenAccountBalance,
 * getSignatureStatuses, getSignaturesForAddress, getTransaction (`json` and `jsonParsed`; the
 * System program's transfers and account creations parsed, other instructions partially decoded),
 * sendTransaction, simulateTransaction and requestAirdrop (airdrops are not listed in the history:
 * litesvm runs them without handing the transaction back). WebSocket:
 * signatureSubscribe and signatureUnsubscribe. Anything else answers -32601.
 *
 * Each transaction runs at once and is final; the slot and blockhash then move on (the VM runs
 * `withBlockhashCheck(false)`, so a blockhash web3.js cached stays usable). A failing transaction
 * answers -32002 with its logs and changes nothing. Real rent rules apply.
 * @example
 * import { startSolanaNode } from '@gangway/kit/testing/node'
 * const node = await startSolanaNode({ accounts: 2 })
 * const mint = await node.createMint({ decimals: 6, holders: [{ owner: node.keypairs[1]!.publicKey, amount: 5_000_000n }] })
 * await node.stop()
 * @param parameters - funded accounts, their balance and the genesis hash.
 * @returns the running node; call `stop()` when done.
 * @throws RangeError for an invalid parameter; Error when no port pair is free.
 * @see /docs/solana.md
 */
export async function startSolanaNode(
  parameters: StartSolanaNodeParameters = {},
): Promise<SolanaNode> {
  const count = parameters.accounts ?? 4
  const lamports = parameters.lamportsPerAccount ?? 1_000_000_000_000n
  if (!Number.isSafeInteger(count) || count < 1 || count > 100)
    throw new RangeError(`startSolanaNode: accounts must be an integer in [1, 100], got ${count}`)
  if (lamports <= 0n) throw new RangeError('startSolanaNode: lamportsPerAccount must be positive')
  const genesisHash = parameters.genesisHash ?? localGenesisHash('gangway-localnet')
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(genesisHash))
    throw new RangeError('startSolanaNode: genesisHash must be base58')

  const svm = new LiteSVM().withBlockhashCheck(false)
  const subscriptions = createSubscriptions(() => state)
  const state: SolanaRpcState = {
    svm,
    genesisHash,
    signatures: new Map(),
    history: createTransactionHistory(),
    onProcessed: (signature, record) => subscriptions.onProcessed(signature, record),
  }
  const airdrop = (account: PublicKey, amount: bigint) => {
    SOLANA_RPC_METHODS.requestAirdrop!(state, [account.toBase58(), Number(amount)])
  }
  const keypairs = Array.from({ length: count }, (_, index) => fundedKeypair(index))
  for (const keypair of keypairs) {
    svm.airdrop(address(keypair.publicKey.toBase58()), lamports as never)
  }

  const sockets = new Set<WebSocket>()
  const http = createServer((request, response) => handleHttp(state, request, response))
  const { port, ws } = await listenOnPair(http, (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('message', (data) => subscriptions.onMessage(socket, String(data)))
  })
  const url = `http://127.0.0.1:${port}`
  const connection = new Connection(url, 'confirmed')

  let stopping: Promise<void> | undefined
  return {
    url,
    wsUrl: `ws://127.0.0.1:${port + 1}`,
    port,
    genesisHash,
    networkId: `solana:${genesisHash.slice(0, 32)}`,
    keypairs,
    createMint: (mint) => createSolanaTestMint({ ...mint, connection, payer: keypairs[0]! }),
    airdrop,
    stop: () => {
      stopping ??= (async () => {
        // A normal closure (1000) tells web3.js's socket client not to reconnect; any other end
        // (terminate) makes it retry forever against the closed port.
        await Promise.all(
          [...sockets].map(
            (socket) =>
              new Promise<void>((resolve) => {
                const force = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS)
                socket.once('close', () => {
                  clearTimeout(force)
                  resolve()
                })
                socket.close(1000, 'node stopped')
              }),
          ),
        )
        http.closeAllConnections()
        await Promise.all([
          new Promise((resolve) => ws.close(resolve)),
          new Promise((resolve) => http.close(resolve)),
        ])
      })()
      return stopping
    },
  }
}
