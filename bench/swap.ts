/**
 * The swap's figures (`npx tsx bench/swap.ts`): the time from an amount typed to its quote in the
 * kit's state (p50 and p90 over 50 quotes; a real kit, the eip155 plugin and test wallet, the
 * Gangway server and a Uniswap V2 on anvil, all on loopback), how long the saved AMM state takes
 * to load, and what the swap's JS costs a page: its bytes before any click, on the modal's first
 * open (the target is 0) and when Swap opens. Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { generatePrivateKey } from 'viem/accounts'
import { build, type Rollup } from 'vite'
import { parseConfig } from '../server/config.js'
import { createLogger } from '../server/log.js'
import { startServer } from '../server/startServer.js'
import { pgliteSnapshot } from '../server/storage/snapshot.js'
import { selectSwap, swap } from '../src/features/swap/index.js'
import { createKit } from '../src/index.js'
import { eip155 } from '../src/plugins/eip155/index.js'
import { createTestWallet } from '../src/testing/index.js'
import { ammKitSwapOption, ammServerConfig, startLocalAmm } from '../test/support/amm.js'
import { localChain } from '../test/support/eip155.js'
import { sizeAppBuild } from './size-app/build.js'

const QUOTES = 50
const line = (label: string, value: string) => console.log(`${label.padEnd(60)} ${value}`)
const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

// ---------------------------------------------------------------- quote latency
const amm = await startLocalAmm()
const dataDir = mkdtempSync(join(tmpdir(), 'gangway-bench-swap-'))
const server = await startServer(
  parseConfig({
    port: 0,
    logLevel: 'silent',
    dataDir,
    indexer: { enabled: false },
    ...ammServerConfig(amm.amm, 31337, amm.node.url),
  }),
  {
    log: createLogger('silent'),
    snapshot: await pgliteSnapshot(
      fileURLToPath(new URL('../node_modules/.cache/gangway/', import.meta.url)),
    ),
  },
)
const globals = globalThis as { window?: unknown }
globals.window = new EventTarget()
const chain = localChain(31337, amm.node.url)
createTestWallet({
  // A fresh account: quotes need no balance.
  privateKeys: [generatePrivateKey()],
  chains: [{ id: 31337, rpcUrl: amm.node.url }],
}).announce(globals.window as EventTarget)
const kit = createKit({
  plugins: [eip155({ chains: [chain], rpcUrls: { 31337: [amm.node.url] } })],
  features: [swap()],
  serviceUrl: server.url,
  swap: ammKitSwapOption(amm.amm, 31337),
})
try {
  await kit.connect({ namespace: 'eip155', connectorId: 'dev.gangway.testwallet' })
  const initStarted = performance.now()
  await kit.features.swap.initialize()
  const initMs = performance.now() - initStarted
  const usdc = selectSwap(kit.getState())!.tokens.find((token) => token.symbol === 'USDC')!
  await kit.features.swap.selectToken('to', usdc)
  /** Types an amount and resolves once the kit's state shows its quote. */
  const typed = (amount: string) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now()
      const timer = setTimeout(() => reject(new Error(`no quote for ${amount}`)), 10_000)
      const unsubscribe = kit.subscribe(() => {
        const state = selectSwap(kit.getState())
        if (state?.sourceTokenAmount === amount && state.toTokenAmount !== '') {
          clearTimeout(timer)
          unsubscribe()
          resolve(performance.now() - started)
        }
      })
      void kit.features.swap.setAmount(amount)
    })
  // Two warm-up quotes (the server's first pool list and token reads), then the samples.
  for (const amount of ['0.01', '0.02']) await typed(amount)
  const samples: number[] = []
  for (let index = 1; index <= QUOTES; index += 1) samples.push(await typed(`0.${index}`))
  console.log('swap (issue #14), local anvil + Gangway server, one kit in Node')
  line(
    'AMM ready (saved anvil state loaded, or deployed first time)',
    `${amm.setupMs.toFixed(0)} ms${amm.fromCache ? ' (loaded)' : ' (deployed)'}`,
  )
  line('initialize (tokens, balances, network price)', `${initMs.toFixed(1)} ms`)
  line(`amount typed → quote in state, p50 of ${QUOTES}`, `${quantile(samples, 0.5).toFixed(1)} ms`)
  line(`amount typed → quote in state, p90 of ${QUOTES}`, `${quantile(samples, 0.9).toFixed(1)} ms`)
} finally {
  kit.destroy()
  await server.close()
  await amm.node.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

// ---------------------------------------------------------------- bytes
const root = fileURLToPath(new URL('./size-app/', import.meta.url))
const config = sizeAppBuild(root)
const result = (await build({
  ...config,
  logLevel: 'silent',
  plugins: [react()],
  build: { ...config.build, write: false },
})) as Rollup.RollupOutput | Rollup.RollupOutput[]
const chunks = (Array.isArray(result) ? result : [result])
  .flatMap((entry) => entry.output)
  .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
const closure = (start: Iterable<string>, skip: ReadonlySet<string> = new Set()) => {
  const seen = new Set<string>()
  const visit = (name: string) => {
    if (seen.has(name) || skip.has(name)) return
    seen.add(name)
    for (const next of byName.get(name)?.imports ?? []) visit(next)
  }
  for (const name of start) visit(name)
  return seen
}
const holding = (paths: readonly string[]) =>
  chunks
    .filter((chunk) => chunk.moduleIds.some((id) => paths.some((path) => id.includes(path))))
    .map((chunk) => chunk.fileName)
const initial = closure([chunks.find((chunk) => chunk.isEntry)!.fileName])
// As bench/size.ts: the first open renders the modal on Connect (on Account once connected).
const firstOpen = closure(
  holding(['/src/ui/Modal.tsx', '/src/ui/views/ConnectView.tsx', '/src/ui/views/AccountView.tsx']),
  initial,
)
const loaded = new Set([...initial, ...firstOpen])
const swapOpen = closure(
  holding(['/src/features/swap/react/SwapView.tsx', '/src/features/swap/module.ts']),
  loaded,
)
const gzip = (names: Iterable<string>) =>
  [...names].reduce((sum, name) => sum + gzipSync(byName.get(name)!.code).length, 0)
/** Minified bytes of swap modules in the given chunks, by part. */
const swapBytes = (names: Iterable<string>, part: 'eager' | 'gate' | 'flow') => {
  const partOf = (id: string) =>
    /\/src\/features\/swap\/(feature\.ts|react\/index\.ts)$/.test(id)
      ? 'eager'
      : /\/src\/features\/swap\/offered\.ts$/.test(id)
        ? 'gate'
        : 'flow'
  let bytes = 0
  for (const name of names) {
    for (const [id, info] of Object.entries(byName.get(name)!.modules)) {
      if (id.includes('/src/features/swap/') && partOf(id) === part) bytes += info.renderedLength
    }
  }
  return bytes
}
console.log('')
console.log('swap JS in the size probe (every shipped feature registered)')
line(
  'before any click: eager part (name, views, loader), minified',
  `${swapBytes(initial, 'eager')} B`,
)
line('first open: swap views and flow, minified', `${swapBytes(firstOpen, 'flow')} B`)
line(
  'first open: the Account view’s Swap gate (offered.ts), minified',
  `${swapBytes(firstOpen, 'gate')} B`,
)
line(
  'when Swap opens: its chunks (views, flow, convert client), gzip',
  `${kb(gzip(swapOpen))} in ${swapOpen.size} chunks`,
)
