/**
 * solana against a real local node (litesvm behind JSON-RPC, `startSolanaNode`): connect-to-
 * account-state latency through the Wallet Standard test wallet, connect to SOL + 10 SPL balances
 * in state, and what registering the plugin adds to a page's initial JavaScript (web3.js must stay
 * out of it until a Solana wallet is used). Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Rollup } from 'vite'
import { createKit } from '../src/index.js'
import { solana, solanaLocalnet } from '../src/plugins/solana/index.js'
import { createVirtualEnv } from '../src/testing/index.js'
import { createSolanaTestWallet, startSolanaNode } from '../src/testing/node.js'

const RUNS = 20
const TOKENS = 10

const median = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
const line = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`)

// ------------------------------------------------------------ initial JavaScript of the plugin
/** Builds an entry that registers `plugins` and returns the gzip bytes of the chunks it loads at once and later. */
async function pageBytes(pluginSource: string) {
  const root = mkdtempSync(join(tmpdir(), 'gangway-solana-size-'))
  const kernel = fileURLToPath(new URL('../src/kernel/index.ts', import.meta.url))
  const plugin = fileURLToPath(new URL('../src/plugins/solana/index.ts', import.meta.url))
  writeFileSync(
    join(root, 'main.ts'),
    `import { createKit } from ${JSON.stringify(kernel)}\nimport { solana } from ${JSON.stringify(plugin)}\nvoid solana\nexport const kit = createKit({ plugins: [${pluginSource}] })\n`,
  )
  try {
    const result = (await build({
      configFile: false,
      root,
      logLevel: 'silent',
      build: {
        write: false,
        minify: true,
        modulePreload: false,
        rollupOptions: { input: join(root, 'main.ts'), preserveEntrySignatures: 'strict' },
      },
    })) as Rollup.RollupOutput | Rollup.RollupOutput[]
    const chunks = (Array.isArray(result) ? result : [result])
      .flatMap((output) => output.output)
      .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
    const initial = new Set<string>()
    const visit = (name: string) => {
      if (initial.has(name)) return
      initial.add(name)
      for (const next of chunks.find((chunk) => chunk.fileName === name)?.imports ?? []) visit(next)
    }
    visit(chunks.find((chunk) => chunk.isEntry)!.fileName)
    let eager = 0
    let lazy = 0
    let web3InInitial = false
    for (const chunk of chunks) {
      const bytes = gzipSync(chunk.code).length
      if (initial.has(chunk.fileName)) {
        eager += bytes
        web3InInitial ||= chunk.moduleIds.some((id) => id.includes('@solana/web3.js'))
      } else lazy += bytes
    }
    return { eager, lazy, web3InInitial }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}
const without = await pageBytes('')
const withPlugin = await pageBytes('solana()')

// ------------------------------------------------------------ connect latencies on the local node
const node = await startSolanaNode({ accounts: 2 })
try {
  const holder = node.keypairs[1]!
  const mints = []
  for (let index = 0; index < TOKENS; index += 1) {
    mints.push(
      await node.createMint({
        decimals: 6,
        program: index % 2 === 0 ? 'token' : 'token-2022',
        holders: [{ owner: holder.publicKey, amount: BigInt(1_000_000 * (index + 1)) }],
      }),
    )
  }
  const globals = globalThis as { window?: unknown }
  globals.window = new EventTarget()
  const localnet = solanaLocalnet({ genesisHash: node.genesisHash, rpcUrl: node.url })
  const connectMs: number[] = []
  const balanceMs: number[] = []
  for (let run = 0; run < RUNS; run += 1) {
    const wallet = createSolanaTestWallet({
      keypairs: [holder],
      rpcUrls: { 'solana:localnet': node.url },
    })
    const unregister = wallet.register()
    const kit = createKit({ plugins: [solana({ networks: [localnet] })], env: createVirtualEnv() })
    const start = performance.now()
    const balanced = new Promise<void>((resolve) => {
      const stop = kit.subscribe((state) => {
        if (state.namespaces.entities.solana?.accountState.tokenBalance.length === TOKENS + 1) {
          stop()
          resolve()
        }
      })
    })
    await kit.connect({ namespace: 'solana', connectorId: wallet.pageOptions.name })
    connectMs.push(performance.now() - start)
    await balanced
    balanceMs.push(performance.now() - start)
    kit.destroy()
    unregister()
  }
  delete globals.window

  console.log(`solana against a local litesvm node (median of ${RUNS} runs; run 1 loads web3.js)\n`)
  line(
    'connect → account in state (Wallet Standard test wallet)',
    `${median(connectMs).toFixed(1)} ms`,
  )
  line(`connect → SOL + ${TOKENS} SPL balances in state`, `${median(balanceMs).toFixed(1)} ms`)
  line('first run: connect → account (includes loading web3.js)', `${connectMs[0]!.toFixed(1)} ms`)
  line(
    'initial JS added by registering solana() (gzip)',
    `${((withPlugin.eager - without.eager) / 1024).toFixed(2)} KB${withPlugin.web3InInitial ? ' (web3.js in initial chunks!)' : ', web3.js not in it'}`,
  )
  line(
    'lazy JS loaded on first Solana wallet use (gzip)',
    `${((withPlugin.lazy - without.lazy) / 1024).toFixed(1)} KB`,
  )
} finally {
  await node.stop()
}
