/**
 * polkadot against a real local node (chopsticks from Rococo Asset Hub's genesis,
 * `startPolkadotNode`): connect-to-account-state latency through the Polkadot test extension,
 * connect to the balance in state, and what registering the plugin adds to a page's initial
 * JavaScript (`@polkadot/api` must stay out of it until a Polkadot wallet is used). Prints figures;
 * asserts nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Rollup } from 'vite'
import { createKit } from '../src/index.js'
import { polkadot, polkadotLocalnet } from '../src/plugins/polkadot/index.js'
import { createVirtualEnv } from '../src/testing/index.js'
import { createPolkadotTestExtension, startPolkadotNode } from '../src/testing/node.js'

const RUNS = 20

const median = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
const line = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`)

// ------------------------------------------------------------ initial JavaScript of the plugin
/** Builds an entry that registers `plugins` and returns the gzip bytes of the chunks it loads at once and later. */
async function pageBytes(pluginSource: string) {
  // Inside the repository, so the page resolves `@gangway/kit` as a site does: the built package,
  // its `sideEffects` list included (the sources alone would keep modules a site's bundler drops).
  const root = mkdtempSync(
    fileURLToPath(new URL('../node_modules/.cache/polkadot-size-', import.meta.url)),
  )
  writeFileSync(
    join(root, 'main.ts'),
    `import { createKit } from '@gangway/kit/core'\nimport { polkadot } from '@gangway/kit/polkadot'\nimport { eip155 } from '@gangway/kit/eip155'\nvoid polkadot\nvoid eip155\nexport const kit = createKit({ plugins: [${pluginSource}] })\n`,
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
    let apiInInitial = false
    for (const chunk of chunks) {
      const bytes = gzipSync(chunk.code).length
      if (initial.has(chunk.fileName)) {
        eager += bytes
        apiInInitial ||= chunk.moduleIds.some((id) => id.includes('@polkadot/'))
      } else lazy += bytes
    }
    return { eager, lazy, apiInInitial }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}
const without = await pageBytes('')
const withPlugin = await pageBytes('polkadot()')
// A multichain site: the plugin kit is already in the page with another plugin.
const evmOnly = await pageBytes('eip155()')
const evmAndPolkadot = await pageBytes('eip155(), polkadot()')

// ------------------------------------------------------------ connect latencies on the local node
const node = await startPolkadotNode({ accounts: 2 })
try {
  const globals = globalThis as { window?: unknown }
  globals.window = new EventTarget()
  const localnet = polkadotLocalnet({
    rpcUrl: node.url,
    genesisHash: node.genesisHash,
    networkId: 'polkadot:gangway-bench',
    nativeCurrency: node.nativeCurrency,
    ss58Prefix: node.ss58Prefix,
  })
  const connectMs: number[] = []
  const balanceMs: number[] = []
  for (let run = 0; run < RUNS; run += 1) {
    const extension = createPolkadotTestExtension({ keys: [{ uri: node.accounts[1]!.uri }] })
    const uninstall = extension.install()
    const kit = createKit({
      plugins: [polkadot({ networks: [localnet] })],
      env: createVirtualEnv(),
    })
    const start = performance.now()
    const balanced = new Promise<void>((resolve) => {
      const stop = kit.subscribe((state) => {
        if (state.namespaces.entities.polkadot?.accountState.balance) {
          stop()
          resolve()
        }
      })
    })
    await kit.connect({ namespace: 'polkadot', connectorId: extension.pageOptions.name })
    connectMs.push(performance.now() - start)
    await balanced
    balanceMs.push(performance.now() - start)
    // Each kit opens its own connection to the node; the next run starts without it.
    kit.destroy()
    uninstall()
  }
  delete globals.window

  console.log(
    `polkadot against a local chopsticks node (median of ${RUNS} runs; run 1 loads @polkadot/api)\n`,
  )
  line('connect → account in state (Polkadot test extension)', `${median(connectMs).toFixed(1)} ms`)
  line('connect → free balance in state', `${median(balanceMs).toFixed(1)} ms`)
  line(
    'first run: connect → account (includes loading @polkadot/api)',
    `${connectMs[0]!.toFixed(1)} ms`,
  )
  line('first run: connect → balance (the first node connection)', `${balanceMs[0]!.toFixed(1)} ms`)
  line(
    'initial JS added by registering polkadot() (gzip)',
    `${((withPlugin.eager - without.eager) / 1024).toFixed(2)} KB${withPlugin.apiInInitial ? ' (@polkadot/* in initial chunks!)' : ', no @polkadot/* in it'}`,
  )
  line(
    'initial JS added by polkadot() beside eip155() (gzip)',
    `${((evmAndPolkadot.eager - evmOnly.eager) / 1024).toFixed(2)} KB`,
  )
  line(
    'lazy JS loaded on first Polkadot wallet use (gzip)',
    `${((withPlugin.lazy - without.lazy) / 1024).toFixed(1)} KB`,
  )
} finally {
  await node.stop()
}
