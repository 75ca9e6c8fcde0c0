import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'

/**
 * The well-known Hardhat/Foundry development mnemonic; its first account is
 * `0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266`. Never use it for real funds.
 * @example
 * import { mnemonicToAccount } from 'viem/accounts'
 * import { ANVIL_MNEMONIC } from './anvil.js'
 * const deployer = mnemonicToAccount(ANVIL_MNEMONIC)
 * @see https://getfoundry.sh/anvil
 */
export const ANVIL_MNEMONIC: string = 'test test test test test test test test test test test junk'

/**
 * A running anvil process on a loopback port, returned by {@link startAnvil}.
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { startAnvil } from './anvil.js'
 * const node = await startAnvil()
 * const client = createPublicClient({ transport: http(node.url) })
 * await client.getBlockNumber()
 * await node.stop()
 * @see https://getfoundry.sh/anvil
 */
export interface AnvilNode {
  /** The HTTP JSON-RPC endpoint, e.g. `http://127.0.0.1:54321`. */
  readonly url: string
  /** The chain id the node reports from `eth_chainId`. */
  readonly chainId: number
  /** The loopback port the node listens on. */
  readonly port: number
  /** The operating-system process id of the anvil binary. */
  readonly pid: number
  /** Stops the process (SIGTERM, then SIGKILL after 2 s); resolves once it has exited. Idempotent. */
  stop(): Promise<void>
}

/**
 * Options for {@link startAnvil}; every field has a default.
 * @example
 * import { type StartAnvilParameters, startAnvil } from './anvil.js'
 * const parameters: StartAnvilParameters = { chainId: 1337, accounts: 2, blockTimeSeconds: 1 }
 * const node = await startAnvil(parameters)
 * @see https://getfoundry.sh/anvil/reference/anvil
 */
export interface StartAnvilParameters {
  /** The chain id (default 31337). */
  readonly chainId?: number
  /** The loopback port (default: a free port picked by the operating system). */
  readonly port?: number
  /** The mnemonic the dev accounts derive from (default {@link ANVIL_MNEMONIC}). */
  readonly mnemonic?: string
  /** How many dev accounts to fund (default 10). */
  readonly accounts?: number
  /** Each dev account's balance in whole ether (default 10000). */
  readonly balanceEth?: number
  /** Seconds between blocks for interval mining (default: automine, one block per transaction). */
  readonly blockTimeSeconds?: number
}

const READY_TIMEOUT_MS = 10_000
const POLL_INTERVAL_MS = 50
const KILL_GRACE_MS = 2_000
const OUTPUT_TAIL_CHARS = 4_000
const AUTO_PORT_ATTEMPTS = 3

/** npm package suffixes of `@foundry-rs/anvil-<platform>-<arch>`, keyed by Node's names. */
const PLATFORMS: Readonly<Record<string, string>> = {
  linux: 'linux',
  darwin: 'darwin',
  win32: 'win32',
}
const ARCHES: Readonly<Record<string, string>> = { x64: 'amd64', arm64: 'arm64' }

/** Children still running, killed synchronously if this process exits without stopping them. */
const live = new Set<ChildProcess>()
let exitHookInstalled = false

function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.once('exit', () => {
    for (const child of live) {
      try {
        child.kill('SIGKILL')
      } catch {
        // Already gone.
      }
    }
  })
}

/** Finds the executable shipped by the platform package of `@foundry-rs/anvil`. */
function resolveAnvilBinary(): string {
  const platform = PLATFORMS[process.platform]
  const arch = ARCHES[process.arch]
  if (platform === undefined || arch === undefined) {
    throw new Error(
      `anvil: no @foundry-rs/anvil binary package exists for ${process.platform}/${process.arch}`,
    )
  }
  const packageName = `@foundry-rs/anvil-${platform}-${arch}`
  const require = createRequire(import.meta.url)
  let manifest: string
  try {
    manifest = require.resolve(`${packageName}/package.json`)
  } catch {
    throw new Error(
      `anvil: the package ${packageName} is not installed; install @foundry-rs/anvil with its optional dependencies (npm install --include=optional)`,
    )
  }
  const binary = join(dirname(manifest), 'bin', platform === 'win32' ? 'anvil.exe' : 'anvil')
  if (!existsSync(binary)) {
    throw new Error(`anvil: ${packageName} is installed but ${binary} is missing`)
  }
  return binary
}

/**
 * Starts a local anvil node on 127.0.0.1 and resolves once it answers `eth_chainId`.
 * @example
 * import { startAnvil } from './anvil.js'
 * const node = await startAnvil({ chainId: 1337 })
 * try {
 *   // talk to node.url
 * } finally {
 *   await node.stop()
 * }
 * @param parameters - chain id, port, mnemonic, account count, balance and block time.
 * @returns the running node; call `stop()` when done.
 * @throws RangeError for an invalid parameter; Error when the platform package is missing, the
 * port is taken, or the process exits or does not answer within 10 s (the message quotes its
 * output). No process is left running after a failure.
 * @see https://getfoundry.sh/anvil
 */
export async function startAnvil(parameters: StartAnvilParameters = {}): Promise<AnvilNode> {
  const chainId = parameters.chainId ?? 31337
  const mnemonic = parameters.mnemonic ?? ANVIL_MNEMONIC
  const accounts = parameters.accounts ?? 10
  const balanceEth = parameters.balanceEth ?? 10_000
  const { blockTimeSeconds } = parameters
  checkInteger('chainId', chainId, 1)
  checkInteger('accounts', accounts, 1)
  checkInteger('balanceEth', balanceEth, 0)
  if (parameters.port !== undefined) checkInteger('port', parameters.port, 1, 65_535)
  if (
    blockTimeSeconds !== undefined &&
    !(Number.isFinite(blockTimeSeconds) && blockTimeSeconds > 0)
  ) {
    throw new RangeError(
      `anvil: blockTimeSeconds must be a positive number, got ${blockTimeSeconds}`,
    )
  }
  const binary = resolveAnvilBinary()

  if (parameters.port !== undefined) {
    if (!(await isPortFree(parameters.port))) {
      throw new Error(`anvil: port ${parameters.port} on 127.0.0.1 is already in use`)
    }
    return launch(binary, parameters.port)
  }
  // A freed port can be taken again before anvil binds it; retry with a fresh one.
  let lastError: unknown
  for (let attempt = 0; attempt < AUTO_PORT_ATTEMPTS; attempt++) {
    try {
      return await launch(binary, await findFreePort())
    } catch (error) {
      lastError = error
      if (!(error instanceof Error && /address (already )?in use/i.test(error.message))) break
    }
  }
  throw lastError

  function launch(path: string, port: number): Promise<AnvilNode> {
    const args = [
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--chain-id',
      String(chainId),
      '--mnemonic',
      mnemonic,
      '--accounts',
      String(accounts),
      '--balance',
      String(balanceEth),
      '--silent',
    ]
    if (blockTimeSeconds !== undefined) args.push('--block-time', String(blockTimeSeconds))
    return spawnAndWait(path, args, port, chainId)
  }
}

async function spawnAndWait(
  binary: string,
  args: readonly string[],
  port: number,
  chainId: number,
): Promise<AnvilNode> {
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true })
  installExitHook()
  live.add(child)

  let output = ''
  const collect = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)

  // 'exit' marks the process gone; 'close' (which also follows a failed spawn) comes once its
  // output has been read too, so an error can quote all of it.
  let exitInfo: string | undefined
  child.once('exit', (code, signalName) => {
    exitInfo = signalName === null ? `exit code ${code}` : `signal ${signalName}`
  })
  child.on('error', (error) => {
    if (child.pid === undefined) exitInfo ??= `spawn error: ${error.message}`
  })
  const exited = new Promise<void>((resolve) => {
    child.once('close', () => {
      live.delete(child)
      resolve()
    })
  })

  let stopping: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      sendSignal(child, 'SIGTERM')
      const timer = setTimeout(() => sendSignal(child, 'SIGKILL'), KILL_GRACE_MS)
      try {
        await exited
      } finally {
        clearTimeout(timer)
      }
    })()
    return stopping
  }

  const url = `http://127.0.0.1:${port}`
  try {
    const reported = await waitUntilReady(url, () => exitInfo, exited)
    if (reported !== chainId) {
      throw new Error(`port ${port} answered with chain id ${reported}, expected ${chainId}`)
    }
  } catch (error) {
    await stop()
    const reason = error instanceof Error ? error.message : String(error)
    const tail = output.trim()
    throw new Error(
      `anvil: failed to start on ${url}: ${reason}${tail === '' ? '' : `\n--- anvil output ---\n${tail}`}`,
      { cause: error },
    )
  }
  const pid = child.pid
  if (pid === undefined) throw new Error('anvil: started without a pid')
  return { url, chainId, port, pid, stop }
}

async function waitUntilReady(
  url: string,
  exitReason: () => string | undefined,
  exited: Promise<void>,
): Promise<number> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  const exitedMarker = exited.then(() => 'exited' as const)
  while (exitReason() === undefined) {
    const remaining = deadline - Date.now()
    if (remaining <= 0) throw new Error(`no answer to eth_chainId within ${READY_TIMEOUT_MS} ms`)
    const answer = await Promise.race([
      requestChainId(url, Math.min(1_000, remaining)),
      exitedMarker,
    ])
    if (answer === 'exited') break
    // An answer from a process that has already died came from someone else on the port.
    if (answer !== undefined && exitReason() === undefined) return answer
    await Promise.race([sleep(POLL_INTERVAL_MS), exited])
  }
  throw new Error(`the process exited (${exitReason() ?? 'unknown reason'}) before answering`)
}

async function requestChainId(url: string, timeoutMs: number): Promise<number | undefined> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) return undefined
    const body = (await response.json()) as { result?: unknown }
    return typeof body.result === 'string' ? Number.parseInt(body.result, 16) : undefined
  } catch {
    return undefined
  }
}

function sendSignal(child: ChildProcess, name: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(child.pid, name)
  } catch {
    // ESRCH: it exited between the check and the kill.
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : undefined
      server.close(() => {
        if (port === undefined) reject(new Error('anvil: could not pick a free port'))
        else resolve(port)
      })
    })
  })
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.unref()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

function checkInteger(name: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER) {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`anvil: ${name} must be an integer in [${min}, ${max}], got ${value}`)
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
