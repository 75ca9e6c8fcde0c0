/**
 * An Esplora-shaped HTTP API over a Bitcoin Core-style node's JSON-RPC (the local litecoind
 * regtest node: Debian ships no bitcoind, electrs or esplora): address stats and UTXOs, fee
 * estimates, the tip height, a transaction's status and hex, and `POST /tx`. Addresses are read
 * with the API's network (Bitcoin regtest by default) and looked up by output script, so the node's
 * own address format never matters. Framework-free: `startBitcoinNode` serves it over node:http,
 * the Gangway server over Hono.
 * @module
 */
import { address as bitcoinAddress, type Network, networks } from 'bitcoinjs-lib'

/** How to reach the node's JSON-RPC. */
export interface BitcoinRpcEndpoint {
  /** e.g. `http://127.0.0.1:18443/`. */
  readonly url: string
  readonly user: string
  readonly password: string
}

/** Parameters of {@link createEsploraApi}. */
export interface CreateEsploraApiParameters {
  readonly rpc: BitcoinRpcEndpoint
  /** The network addresses are read with (Bitcoin regtest by default). */
  readonly network?: Network
  /**
   * Fee rates (sat/vB) by confirmation target answered while the node has no estimate of its own
   * (a fresh regtest node never has one); `{ 1: 5, 3: 3, 6: 2, 144: 1 }` by default.
   */
  readonly fallbackFeeRates?: Readonly<Record<number, number>>
}

/** An answer of the API. */
export interface EsploraResponse {
  readonly status: number
  readonly contentType: 'application/json' | 'text/plain'
  readonly body: string
}

/** The API: one function from a request to its answer. */
export interface EsploraApi {
  /**
   * Answers `method path` (path relative to the API's root, e.g. `/address/bcrt1…/utxo`); `body`
   * is the raw transaction hex of `POST /tx`.
   */
  handle(method: string, path: string, body?: string): Promise<EsploraResponse>
  /** Calls the node's JSON-RPC, bounded by `timeoutMs` (10 s unless given). */
  rpc<TResult>(method: string, params?: readonly unknown[], timeoutMs?: number): Promise<TResult>
}

interface Output {
  readonly script: string
  readonly value: number
  /** Block height, or `undefined` in the mempool. */
  readonly height: number | undefined
  readonly blockHash: string | undefined
}

interface DecodedTransaction {
  readonly txid: string
  readonly vin: readonly {
    readonly txid?: string
    readonly vout?: number
    readonly coinbase?: string
  }[]
  readonly vout: readonly {
    readonly value: number
    readonly n: number
    readonly scriptPubKey: { readonly hex: string }
  }[]
}

const RPC_TIMEOUT_MS = 10_000
/** Estimate targets as Esplora lists them. */
const TARGETS = [1, 2, 3, 4, 5, 6, 10, 25, 144, 504, 1008]
/** Satoshis of a decimal coin amount from the node's JSON (8 places at most). */
const toSats = (value: number) => Math.round(value * 1e8)

const json = (status: number, value: unknown): EsploraResponse => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(value),
})
const text = (status: number, value: string): EsploraResponse => ({
  status,
  contentType: 'text/plain',
  body: value,
})

/** A JSON-RPC error of the node, with its code. */
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Creates the API over a node. It indexes the chain's outputs by script as it goes (every block
 * once; the whole chain again after a reorganisation) and the mempool on each request.
 * @example
 * import { createEsploraApi } from '@gangway/kit/testing/node'
 * const api = createEsploraApi({ rpc: { url: 'http://127.0.0.1:19443/', user: 'u', password: 'p' } })
 * const { body } = await api.handle('GET', '/blocks/tip/height')
 * @param parameters - the node's RPC, the address network and fallback fee rates.
 * @returns the API.
 */
export function createEsploraApi(parameters: CreateEsploraApiParameters): EsploraApi {
  const network = parameters.network ?? networks.regtest
  const fallback = parameters.fallbackFeeRates ?? { 1: 5, 3: 3, 6: 2, 144: 1 }
  const authorization = `Basic ${Buffer.from(`${parameters.rpc.user}:${parameters.rpc.password}`).toString('base64')}`
  let nextId = 0
  const rpc = async <TResult>(
    method: string,
    params: readonly unknown[] = [],
    timeoutMs = RPC_TIMEOUT_MS,
  ) => {
    const response = await fetch(parameters.rpc.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ jsonrpc: '1.0', id: ++nextId, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const answer = (await response.json().catch(() => undefined)) as
      | { result?: TResult; error?: { code: number; message: string } | null }
      | undefined
    if (!answer) throw new RpcError(-32603, `The node answered ${response.status}.`)
    if (answer.error) throw new RpcError(answer.error.code, answer.error.message)
    return answer.result as TResult
  }

  // The chain's outputs by outpoint, what spent them, and the outpoints paying each script.
  const outputs = new Map<string, Output>()
  const spentBy = new Map<string, string>()
  const byScript = new Map<string, Set<string>>()
  const blockHashes: string[] = []
  let syncing: Promise<void> | undefined

  const reset = () => {
    outputs.clear()
    spentBy.clear()
    byScript.clear()
    blockHashes.length = 0
  }
  const record = (
    transaction: DecodedTransaction,
    height: number | undefined,
    blockHash: string | undefined,
    into: {
      outputs: Map<string, Output>
      spentBy: Map<string, string>
      byScript: Map<string, Set<string>>
    },
  ) => {
    for (const input of transaction.vin) {
      if (input.coinbase !== undefined || input.txid === undefined) continue
      into.spentBy.set(`${input.txid}:${input.vout}`, transaction.txid)
    }
    for (const output of transaction.vout) {
      const outpoint = `${transaction.txid}:${output.n}`
      const script = output.scriptPubKey.hex
      into.outputs.set(outpoint, { script, value: toSats(output.value), height, blockHash })
      const set = into.byScript.get(script) ?? new Set()
      set.add(outpoint)
      into.byScript.set(script, set)
    }
  }
  const syncChain = async () => {
    const height = await rpc<number>('getblockcount')
    // A reorganisation (the last indexed block is no longer on the chain): index again.
    const last = blockHashes.length - 1
    if (
      last >= 0 &&
      (last > height || (await rpc<string>('getblockhash', [last])) !== blockHashes[last])
    )
      reset()
    for (let next = blockHashes.length; next <= height; next += 1) {
      const hash = await rpc<string>('getblockhash', [next])
      const block = await rpc<{ tx: DecodedTransaction[] }>('getblock', [hash, 2])
      for (const transaction of block.tx)
        record(transaction, next, hash, { outputs, spentBy, byScript })
      blockHashes.push(hash)
    }
  }
  /** Indexes new blocks; concurrent requests share one sync. */
  const sync = () => {
    syncing ??= syncChain().finally(() => {
      syncing = undefined
    })
    return syncing
  }
  const mempool = async () => {
    const view = {
      outputs: new Map<string, Output>(),
      spentBy: new Map<string, string>(),
      byScript: new Map<string, Set<string>>(),
    }
    const ids = await rpc<string[]>('getrawmempool')
    for (const id of ids.slice(0, 5_000)) {
      const transaction = await rpc<DecodedTransaction>('getrawtransaction', [id, true]).catch(
        () => undefined,
      )
      if (transaction) record(transaction, undefined, undefined, view)
    }
    return view
  }

  const scriptOf = (address: string) => {
    try {
      return Buffer.from(bitcoinAddress.toOutputScript(address, network)).toString('hex')
    } catch {
      return undefined
    }
  }
  const statusOf = (output: Output) =>
    output.height === undefined
      ? { confirmed: false }
      : { confirmed: true, block_height: output.height, block_hash: output.blockHash }

  const addressView = async (address: string) => {
    const script = scriptOf(address)
    if (!script) return undefined
    await sync()
    const pool = await mempool()
    const confirmed = [...(byScript.get(script) ?? [])]
    const pending = [...(pool.byScript.get(script) ?? [])]
    return { confirmed, pending, pool }
  }

  const routes: readonly [
    RegExp,
    (match: RegExpExecArray, body: string | undefined) => Promise<EsploraResponse>,
  ][] = [
    [
      /^GET \/address\/([A-Za-z0-9]{14,90})$/,
      async ([, address]) => {
        const view = await addressView(address!)
        if (!view) return text(400, 'Invalid Bitcoin address')
        const sum = (points: readonly string[], from: Map<string, Output>) =>
          points.reduce((total, point) => total + from.get(point)!.value, 0)
        const spentInChain = view.confirmed.filter((point) => spentBy.has(point))
        const unspentInChain = view.confirmed.filter((point) => !spentBy.has(point))
        const spentInPool = [
          ...unspentInChain.filter((point) => view.pool.spentBy.has(point)),
          ...view.pending.filter((point) => view.pool.spentBy.has(point)),
        ]
        const outputValue = (point: string) => outputs.get(point) ?? view.pool.outputs.get(point)!
        return json(200, {
          address,
          chain_stats: {
            funded_txo_count: view.confirmed.length,
            funded_txo_sum: sum(view.confirmed, outputs),
            spent_txo_count: spentInChain.length,
            spent_txo_sum: sum(spentInChain, outputs),
          },
          mempool_stats: {
            funded_txo_count: view.pending.length,
            funded_txo_sum: sum(view.pending, view.pool.outputs),
            spent_txo_count: spentInPool.length,
            spent_txo_sum: spentInPool.reduce(
              (total, point) => total + outputValue(point).value,
              0,
            ),
          },
        })
      },
    ],
    [
      /^GET \/address\/([A-Za-z0-9]{14,90})\/utxo$/,
      async ([, address]) => {
        const view = await addressView(address!)
        if (!view) return text(400, 'Invalid Bitcoin address')
        const unspent = [
          ...view.confirmed
            .filter((point) => !spentBy.has(point))
            .map((point) => [point, outputs.get(point)!] as const),
          ...view.pending.map((point) => [point, view.pool.outputs.get(point)!] as const),
        ].filter(([point]) => !view.pool.spentBy.has(point))
        return json(
          200,
          unspent.map(([point, output]) => {
            const [txid, vout] = point.split(':')
            return { txid, vout: Number(vout), value: output.value, status: statusOf(output) }
          }),
        )
      },
    ],
    [
      /^GET \/fee-estimates$/,
      async () => {
        const rates: Record<string, number> = {}
        for (const target of TARGETS) {
          const estimate = await rpc<{ feerate?: number }>('estimatesmartfee', [target]).catch(
            () => ({}) as { feerate?: number },
          )
          // The node's rate is coins per 1,000 virtual bytes.
          if (estimate.feerate) rates[target] = (estimate.feerate * 1e8) / 1_000
        }
        if (Object.keys(rates).length === 0)
          for (const [target, rate] of Object.entries(fallback)) rates[target] = rate
        return json(200, rates)
      },
    ],
    [
      /^GET \/blocks\/tip\/height$/,
      async () => text(200, String(await rpc<number>('getblockcount'))),
    ],
    [/^GET \/blocks\/tip\/hash$/, async () => text(200, await rpc<string>('getbestblockhash'))],
    [
      /^GET \/tx\/([0-9a-f]{64})\/status$/,
      async ([, id]) => {
        const transaction = await rpc<{ blockhash?: string }>('getrawtransaction', [
          id,
          true,
        ]).catch(() => undefined)
        if (!transaction) return text(404, 'Transaction not found')
        if (!transaction.blockhash) return json(200, { confirmed: false })
        const header = await rpc<{ height: number; time: number }>('getblockheader', [
          transaction.blockhash,
        ])
        return json(200, {
          confirmed: true,
          block_height: header.height,
          block_hash: transaction.blockhash,
          block_time: header.time,
        })
      },
    ],
    [
      /^GET \/tx\/([0-9a-f]{64})\/hex$/,
      async ([, id]) => {
        const hex = await rpc<string>('getrawtransaction', [id, false]).catch(() => undefined)
        return hex ? text(200, hex) : text(404, 'Transaction not found')
      },
    ],
    [
      /^POST \/tx$/,
      async (_match, body) => {
        const hex = (body ?? '').trim()
        if (!/^([0-9a-f]{2})+$/i.test(hex)) return text(400, 'Invalid transaction hex')
        try {
          return text(200, await rpc<string>('sendrawtransaction', [hex]))
        } catch (error) {
          const { code, message } = error as RpcError
          return text(400, `sendrawtransaction RPC error: ${JSON.stringify({ code, message })}`)
        }
      },
    ],
  ]

  return {
    rpc,
    handle: async (method, path, body) => {
      const line = `${method.toUpperCase()} ${path.split('?')[0]}`
      for (const [pattern, answer] of routes) {
        const match = pattern.exec(line)
        if (!match) continue
        try {
          return await answer(match, body)
        } catch (error) {
          return text(502, `The node did not answer: ${(error as Error).message}`.slice(0, 300))
        }
      }
      return text(404, 'Not found')
    },
  }
}
