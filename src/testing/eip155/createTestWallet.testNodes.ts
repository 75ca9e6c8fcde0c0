/**
 * Two private anvil nodes for the test-wallet tests (`createTestWallet.*.test.ts`): chain 31337
 * and chain 1337, started before a file's tests and stopped after them.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { toHex } from 'viem'

/** How long a node-bound test or hook may take. */
export const TIMEOUT = 30_000

/** A private anvil launcher for these tests only (the shared one lives in src/testing/nodes). */
interface Node {
  readonly url: string
  readonly process: ChildProcess
}

function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const require = createRequire(import.meta.url)
  const manifest = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`)
  return join(dirname(manifest), 'bin', 'anvil')
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function startNode(chainId: number): Promise<Node> {
  const port = await freePort()
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)]
  const child = spawn(anvilBinary(), [...args, '--silent'], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${stderr}`)
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      const { result } = (await response.json()) as { result?: string }
      if (result === toHex(chainId)) return { url, process: child }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  child.kill('SIGKILL')
  throw new Error(`anvil on port ${port} was not ready within 20 s: ${stderr}`)
}

function stopNode(node: Node | undefined): Promise<void> {
  if (!node || node.process.exitCode !== null || node.process.signalCode !== null) {
    return Promise.resolve()
  }
  return new Promise((resolve) => {
    node.process.once('exit', () => resolve())
    node.process.kill('SIGTERM')
  })
}

/** The node on chain 31337 that `wallet()` talks to; set by `startNodes`. */
export let mainnet: Node | undefined
/** A second node, on chain 1337; set by `startNodes`. */
export let second: Node | undefined

/** Starts both nodes; a test file calls it in `beforeAll`. */
export async function startNodes(): Promise<void> {
  ;[mainnet, second] = await Promise.all([startNode(31337), startNode(1337)])
}

/** Stops both nodes; a test file calls it in `afterAll`. */
export async function stopNodes(): Promise<void> {
  await Promise.all([stopNode(mainnet), stopNode(second)])
}
