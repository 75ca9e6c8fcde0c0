import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { type AddressInfo, createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as ecc from '@bitcoinerlab/secp256k1'
import { address as bitcoinAddress, initEccLib, type Network, networks } from 'bitcoinjs-lib'
import { litecoinRegtest } from '../../plugins/bip122/schemas.js'
import { createEsploraApi, type EsploraApi } from './createEsploraApi.js'

/** Where Debian installs the node. */
const LITECOIND = '/usr/bin/litecoind'
const READY_TIMEOUT_MS = 30_000
const APT_TIMEOUT_MS = 10 * 60_000
/** Coinbase outputs mature after 100 blocks; 101 leaves the first one spendable. */
const MATURITY = 101
/** How long one setup call (the wallet, the first blocks) may take on a busy machine. */
const SETUP_RPC_TIMEOUT_MS = 60_000

/**
 * Options of {@link startBitcoinNode}; every field has a default.
 * @example
 * const parameters: StartBitcoinNodeParameters = { fallbackFeeRates: { 1: 10, 6: 2 } }
 */
export interface StartBitcoinNodeParameters {
  /** Fee rates (sat/vB) by target the API answers while the node has none of its own. */
  readonly fallbackFeeRates?: Readonly<Record<number, number>>
  /** Whether to install litecoind with apt-get when it is missing (root on Debian); true by default. */
  readonly install?: boolean
}

/**
 * A running local Bitcoin-regtest node: Debian's litecoind in regtest mode (a Bitcoin Core 0.21
 * fork with segwit, taproot and PSBTs) with a funded wallet of its own, behind an Esplora-shaped
 * HTTP API that reads Bitcoin regtest addresses (`bcrt1…`, `m…`, `n…`, `2…`).
 * @example
 * import { startBitcoinNode } from '@gangway/kit/testing/node'
 * const node = await startBitcoinNode()
 * await node.fund('bcrt1q…', 100_000n)
 * await node.mine(1)
 * await node.stop()
 */
export interface BitcoinNode {
  /** The Esplora-shaped API's base URL (`http://127.0.0.1:PORT`); CORS-open for test pages. */
  readonly esploraUrl: string
  /** The node's JSON-RPC. */
  readonly rpc: { readonly url: string; readonly user: string; readonly password: string }
  /** The node's genesis block hash (hex). */
  readonly genesisHash: string
  /** The CAIP-2 id of the node's network (`bip122:` and 32 hex characters of the genesis hash). */
  readonly networkId: `bip122:${string}`
  /** The API itself, for a server that serves it at its own path. */
  readonly api: EsploraApi
  /** Pays `sats` to a Bitcoin regtest address from the node's wallet; resolves with the txid (unmined). */
  fund(address: string, sats: bigint): Promise<string>
  /** Mines blocks to the node's wallet; resolves with their hashes. */
  mine(blocks?: number): Promise<string[]>
  /** Stops the node and the API, and removes the node's data; idempotent. */
  stop(): Promise<void>
}

let installing: Promise<void> | undefined

/**
 * Makes sure litecoind is installed, installing Debian's package with apt-get when it is missing
 * (root only; output shown; time-limited). Memoized.
 * @throws Error when it is missing and cannot be installed: a missing node is a failed setup.
 */
export function ensureLitecoind(): Promise<void> {
  if (existsSync(LITECOIND)) return Promise.resolve()
  installing ??= (async () => {
    if (process.platform !== 'linux' || process.getuid?.() !== 0)
      throw new Error(
        `startBitcoinNode: ${LITECOIND} is missing; install it with: sudo apt-get install -y --no-install-recommends litecoind`,
      )
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    const lock = ['-o', 'DPkg::Lock::Timeout=300']
    for (const args of [
      [...lock, 'update'],
      [...lock, 'install', '-y', '--no-install-recommends', 'litecoind'],
    ]) {
      await new Promise<void>((resolve, reject) => {
        const child = spawn('apt-get', args, { stdio: 'inherit', env })
        const timer = setTimeout(() => child.kill('SIGTERM'), APT_TIMEOUT_MS)
        child.once('error', reject)
        child.once('exit', (code) => {
          clearTimeout(timer)
          if (code === 0) resolve()
          else reject(new Error(`startBitcoinNode: apt-get ${args.at(-1)} failed (${code})`))
        })
      })
    }
    if (!existsSync(LITECOIND)) throw new Error(`startBitcoinNode: ${LITECOIND} is still missing`)
  })().catch((error: unknown) => {
    installing = undefined
    throw error
  })
  return installing
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** The coin amount of satoshis as the node's RPC reads it (8 places). */
const toCoins = (sats: bigint) =>
  `${sats / 100_000_000n}.${(sats % 100_000_000n).toString().padStart(8, '0')}`

/**
 * Starts litecoind in regtest mode on free loopback ports (installing it when missing), with a
 * wallet holding mature coins, and the Esplora-shaped API on another port. Stop it with `stop()`
 * (the process is killed by pid).
 * @example
 * import { startBitcoinNode } from '@gangway/kit/testing/node'
 * const node = await startBitcoinNode()
 * @param parameters - fallback fee rates and whether to install.
 * @returns the node.
 * @throws Error when litecoind is missing and cannot be installed, or does not start in 30 s.
 */
export async function startBitcoinNode(
  parameters: StartBitcoinNodeParameters = {},
): Promise<BitcoinNode> {
  if (parameters.install !== false) await ensureLitecoind()
  const dataDir = mkdtempSync(join(tmpdir(), 'gangway-bitcoin-'))
  const [rpcPort, p2pPort] = [await freePort(), await freePort()]
  const user = 'gangway'
  const password = 'gangway-regtest'
  const child: ChildProcess = spawn(
    LITECOIND,
    [
      '-regtest',
      `-datadir=${dataDir}`,
      `-rpcport=${rpcPort}`,
      `-port=${p2pPort}`,
      `-rpcuser=${user}`,
      `-rpcpassword=${password}`,
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      '-server',
      '-txindex',
      '-listen=0',
      '-printtoconsole=0',
      '-fallbackfee=0.0002',
    ],
    { stdio: 'ignore' },
  )
  let server: Server | undefined
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
        child.kill('SIGTERM')
        const forced = setTimeout(() => child.kill('SIGKILL'), 5_000)
        await exited
        clearTimeout(forced)
      }
      rmSync(dataDir, { recursive: true, force: true })
    })()
    return stopping
  }
  try {
    const rpc = { url: `http://127.0.0.1:${rpcPort}/`, user, password }
    const api = createEsploraApi({
      rpc,
      network: networks.regtest,
      ...(parameters.fallbackFeeRates ? { fallbackFeeRates: parameters.fallbackFeeRates } : {}),
    })
    const started = Date.now()
    for (;;) {
      if (child.exitCode !== null) throw new Error('startBitcoinNode: litecoind exited at start')
      const ready = await api.rpc<number>('getblockcount').then(
        () => true,
        () => false,
      )
      if (ready) break
      if (Date.now() - started > READY_TIMEOUT_MS)
        throw new Error('startBitcoinNode: litecoind did not answer within 30 s')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    // Setting up writes a wallet and 101 blocks to disk: a busy machine takes longer than the
    // 10 s a single query is given, so setup has a minute per call.
    await api.rpc('createwallet', ['faucet'], SETUP_RPC_TIMEOUT_MS)
    const faucet = await api.rpc<string>('getnewaddress', ['', 'bech32'], SETUP_RPC_TIMEOUT_MS)
    const mine = (blocks = 1, timeoutMs?: number) =>
      api.rpc<string[]>('generatetoaddress', [blocks, faucet], timeoutMs)
    await mine(MATURITY, SETUP_RPC_TIMEOUT_MS)
    const genesisHash = await api.rpc<string>('getblockhash', [0])

    server = createServer(async (request, response) => {
      let body = ''
      for await (const chunk of request) {
        body += String(chunk)
        if (body.length > 2_000_000) return void response.destroy()
      }
      const answer = await api.handle(request.method ?? 'GET', request.url ?? '/', body)
      response.writeHead(answer.status, {
        'content-type': answer.contentType,
        // Test pages on another port read it, as they would a public Esplora instance.
        'access-control-allow-origin': '*',
      })
      response.end(answer.body)
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const network: Network = networks.regtest
    // Taproot addresses are checked on the curve when decoded.
    initEccLib(ecc)

    return {
      esploraUrl: `http://127.0.0.1:${port}`,
      rpc,
      genesisHash,
      networkId: `bip122:${genesisHash.slice(0, 32)}`,
      api,
      fund: async (address, sats) => {
        // The node writes its own (Litecoin) addresses; the same output script is paid either way.
        const script = bitcoinAddress.toOutputScript(address, network)
        const nodeAddress = bitcoinAddress.fromOutputScript(script, litecoinRegtest)
        return api.rpc<string>('sendtoaddress', [nodeAddress, toCoins(sats)])
      },
      mine,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Whether the installed litecoind runs (for a test's own setup check). @internal */
export function litecoindVersion(): Promise<string | undefined> {
  return new Promise((resolve) =>
    execFile(LITECOIND, ['-version'], { timeout: 10_000 }, (error, stdout) =>
      resolve(error ? undefined : stdout.split('\n')[0]),
    ),
  )
}
