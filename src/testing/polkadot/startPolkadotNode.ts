import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady } from '@polkadot/util-crypto'

/**
 * Options of {@link startPolkadotNode}; every field has a default.
 * @example
 * const parameters: StartPolkadotNodeParameters = { accounts: 2, balance: 10n ** 16n }
 */
export interface StartPolkadotNodeParameters {
  /** How many funded sr25519 accounts to create (default 4); their keys derive from fixed URIs. */
  readonly accounts?: number
  /** Each funded account's free balance in planck (default 1,000,000 ROC: 10^18). */
  readonly balance?: bigint
  /** More addresses (any SS58 prefix) to fund with `balance` at start. */
  readonly fund?: readonly string[]
  /** The loopback port (default: a free one). */
  readonly port?: number
}

/** A funded account of the node: its key's URI (for `Keyring.addFromUri`) and generic address. */
export interface PolkadotNodeAccount {
  /** `//gangway-polkadot-<index>`: never use it outside tests. */
  readonly uri: string
  /** SS58 with the generic prefix 42. */
  readonly address: string
}

/**
 * A running local Polkadot-family node: chopsticks serving Rococo Asset Hub's genesis (from the
 * chain spec `@substrate/connect-known-chains` ships), fully offline, building a block for each
 * transaction at once (`--build-block-mode Instant`; every block is final).
 * @example
 * import { ApiPromise, WsProvider } from '@polkadot/api'
 * import { startPolkadotNode } from '@gangway/kit/testing/node'
 * const node = await startPolkadotNode()
 * const api = await ApiPromise.create({ provider: new WsProvider(node.url) })
 * await node.stop()
 */
export interface PolkadotNode {
  /** The WebSocket endpoint, e.g. `ws://127.0.0.1:54321` (HTTP JSON-RPC answers on the same port). */
  readonly url: string
  readonly port: number
  readonly pid: number
  /**
   * The genesis hash the node reports. chopsticks makes it up for a chain started from a spec
   * (every such node reports the same one), so a site passes its own id to `polkadotLocalnet`.
   */
  readonly genesisHash: `0x${string}`
  /** The network's native currency (`system_properties`): ROC, 12 decimals. */
  readonly nativeCurrency: {
    readonly name: string
    readonly symbol: string
    readonly decimals: number
  }
  /** The SS58 prefix the runtime writes addresses with. */
  readonly ss58Prefix: number
  /** The existential deposit in planck (`balances.existentialDeposit`). */
  readonly existentialDeposit: bigint
  /** The funded accounts, in order. */
  readonly accounts: readonly PolkadotNodeAccount[]
  /**
   * Sets an account's balance at once (`dev_setStorage`), free and reserved, in planck: no block
   * is built, the next read sees it.
   */
  setBalance(
    address: string,
    balance: { readonly free: bigint; readonly reserved?: bigint },
  ): Promise<void>
  /** Stops the process; resolves once it has exited. Idempotent. */
  stop(): Promise<void>
}

const READY_TIMEOUT_MS = 60_000
const KILL_GRACE_MS = 3_000
const OUTPUT_TAIL_CHARS = 4_000
const live = new Set<ChildProcess>()
let exitHookInstalled = false

/** The chain spec, written once per process for every node to start from. */
let specPath: string | undefined

function chainSpecPath(): string {
  if (specPath && existsSync(specPath)) return specPath
  const require = createRequire(import.meta.url)
  // Rococo Asset Hub is the one spec the package ships with its full raw genesis (the others
  // carry a state root for light clients only); its runtime has balances.transferKeepAlive.
  const { chainSpec } = require('@substrate/connect-known-chains/rococo_v2_2_asset_hub') as {
    chainSpec: string
  }
  const folder = join(tmpdir(), 'gangway-polkadot')
  mkdirSync(folder, { recursive: true })
  specPath = join(folder, `rococo-asset-hub-${process.pid}.json`)
  writeFileSync(specPath, chainSpec)
  return specPath
}

function chopsticksBinary(): string {
  const require = createRequire(import.meta.url)
  let entry: string
  try {
    // The package exports no package.json; its CommonJS entry sits two folders below the bin.
    entry = require.resolve('@acala-network/chopsticks')
  } catch {
    throw new Error(
      'startPolkadotNode: install @acala-network/chopsticks (npm install -D @acala-network/chopsticks --ignore-scripts)',
    )
  }
  return join(dirname(entry), '..', '..', 'chopsticks.cjs')
}

/** A storage entry setting an account's balance, as chopsticks' storage files and `dev_setStorage` read it. */
const accountEntry = (address: string, free: bigint, reserved = 0n) => [
  [address],
  { providers: 1, data: { free: free.toString(), reserved: reserved.toString() } },
]

async function rpc<TResult>(url: string, method: string, params: unknown[] = []): Promise<TResult> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  })
  const body = (await response.json()) as { result?: TResult; error?: { message?: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message ?? 'error'}`)
  return body.result as TResult
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts chopsticks on 127.0.0.1 from Rococo Asset Hub's genesis, offline, with instant block
 * building and funded accounts, and resolves once it answers JSON-RPC. Needs
 * `@acala-network/chopsticks` (1.1 declares Node 20; install it with `--ignore-scripts`: its
 * optional SQLite is not used) and `@substrate/connect-known-chains`.
 * @example
 * import { startPolkadotNode } from '@gangway/kit/testing/node'
 * const node = await startPolkadotNode({ accounts: 2 })
 * try {
 *   console.log(node.url, node.accounts[0]!.address)
 * } finally {
 *   await node.stop()
 * }
 * @param parameters - funded accounts, their balance, more addresses to fund, the port.
 * @returns the running node; call `stop()` when done.
 * @throws RangeError for a bad parameter; Error when chopsticks is missing or does not answer
 * within 60 s (the message quotes its output). No process is left running after a failure.
 */
export async function startPolkadotNode(
  parameters: StartPolkadotNodeParameters = {},
): Promise<PolkadotNode> {
  const count = parameters.accounts ?? 4
  const balance = parameters.balance ?? 10n ** 18n
  if (!Number.isSafeInteger(count) || count < 0 || count > 1_000)
    throw new RangeError('startPolkadotNode: accounts must be 0 to 1000')
  if (balance < 0n) throw new RangeError('startPolkadotNode: balance must not be negative')
  await cryptoWaitReady()
  const keyring = new Keyring({ type: 'sr25519', ss58Format: 42 })
  const accounts = Array.from({ length: count }, (_, index) => {
    const uri = `//gangway-polkadot-${index}`
    return { uri, address: keyring.addFromUri(uri).address }
  })
  const folder = mkdtempSync(join(tmpdir(), 'gangway-chopsticks-'))
  const storage = join(folder, 'fund.json')
  writeFileSync(
    storage,
    JSON.stringify({
      System: {
        Account: [...accounts.map((account) => account.address), ...(parameters.fund ?? [])].map(
          (address) => accountEntry(address, balance),
        ),
      },
    }),
  )
  const port = parameters.port ?? (await freePort())
  const child = spawn(
    process.execPath,
    [
      chopsticksBinary(),
      '--genesis',
      chainSpecPath(),
      '--build-block-mode',
      'Instant',
      '--import-storage',
      storage,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    // chopsticks logs every block it builds; its own level setting keeps test output quiet.
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LOG_LEVEL: 'warn' },
      windowsHide: true,
    },
  )
  if (!exitHookInstalled) {
    exitHookInstalled = true
    process.once('exit', () => {
      for (const running of live) running.kill('SIGKILL')
    })
  }
  live.add(child)
  let output = ''
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  let exitInfo: string | undefined
  child.once('exit', (code, signal) => {
    exitInfo = signal === null ? `exit code ${code}` : `signal ${signal}`
  })
  const exited = new Promise<void>((resolve) =>
    child.once('close', () => {
      live.delete(child)
      rmSync(folder, { recursive: true, force: true })
      resolve()
    }),
  )
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      const kill = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS)
      try {
        await exited
      } finally {
        clearTimeout(kill)
      }
    })()
    return stopping
  }

  const httpUrl = `http://127.0.0.1:${port}`
  try {
    const deadline = Date.now() + READY_TIMEOUT_MS
    let genesisHash: string | undefined
    while (genesisHash === undefined) {
      if (exitInfo !== undefined) throw new Error(`the process exited (${exitInfo})`)
      if (Date.now() > deadline) throw new Error(`no answer within ${READY_TIMEOUT_MS} ms`)
      genesisHash = await rpc<string>(httpUrl, 'chain_getBlockHash', [0]).catch(() => undefined)
      if (genesisHash === undefined) await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const properties = await rpc<{
      ss58Format?: number
      tokenDecimals?: number | number[]
      tokenSymbol?: string | string[]
    }>(httpUrl, 'system_properties')
    const first = <TValue>(value: TValue | TValue[] | undefined) =>
      Array.isArray(value) ? value[0] : value
    const symbol = first(properties.tokenSymbol) ?? 'ROC'
    const pid = child.pid
    if (pid === undefined) throw new Error('started without a pid')
    return {
      url: `ws://127.0.0.1:${port}`,
      port,
      pid,
      genesisHash: genesisHash as `0x${string}`,
      nativeCurrency: { name: 'Rococo', symbol, decimals: first(properties.tokenDecimals) ?? 12 },
      ss58Prefix: properties.ss58Format ?? 42,
      // Rococo Asset Hub's runtime constant; read it with @polkadot/api to be sure of another chain.
      existentialDeposit: 3_333_333n,
      accounts,
      setBalance: async (address, { free, reserved = 0n }) => {
        await rpc(httpUrl, 'dev_setStorage', [
          { System: { Account: [accountEntry(address, free, reserved)] } },
        ])
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw new Error(
      `startPolkadotNode: chopsticks failed on ${httpUrl}: ${error instanceof Error ? error.message : String(error)}\n--- output ---\n${output.trim()}`,
      { cause: error },
    )
  }
}
