/**
 * bip122 against a real local node (litecoind regtest behind the Esplora-shaped API,
 * `startBitcoinNode`): connect-to-account and connect-to-balance latency through the Wallet
 * Standard Bitcoin test wallet, the PSBT build time for a send spending 100 UTXOs, and what
 * registering the plugin adds to a page's initial JavaScript (bitcoinjs-lib must stay out of it
 * until a Bitcoin wallet is used) and loads on first use, measured through the built package (run
 * `npm run build` first). Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import * as ecc from '@bitcoinerlab/secp256k1'
import { networks } from 'bitcoinjs-lib'
import { build, type Rollup } from 'vite'
import { createKit } from '../src/kernel/index.js'
import { bip122, bitcoinRegtest } from '../src/plugins/bip122/index.js'
import { buildSendPsbt } from '../src/plugins/bip122/psbt.js'
import { installBitcoinTestWallet } from '../src/testing/index.js'
import { createBitcoinTestWallet, startBitcoinNode } from '../src/testing/node.js'

const RUNS = 20
const PSBT_RUNS = 50
const UTXOS = 100

const median = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
const line = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`)
const freshKey = () => {
  for (;;) {
    const key = randomBytes(32)
    if (ecc.isPrivate(key)) return key.toString('hex')
  }
}

// ------------------------------------------------------------ initial JavaScript of the plugin
/**
 * Builds a page that registers `plugins` as a site does, through the built package
 * (`@gangway/kit/core`, `@gangway/kit/bip122`, whose `sideEffects` list lets the bundler drop what
 * the page does not use; run `npm run build` first): the gzip bytes of the chunks it loads at once
 * and later, and of the entry chunk alone.
 */
async function pageBytes(pluginSource: string) {
  // Inside the repository, so the page resolves `@gangway/kit` as an installed package.
  const root = mkdtempSync(
    fileURLToPath(new URL('../node_modules/.cache/bip122-size-', import.meta.url)),
  )
  writeFileSync(
    join(root, 'main.ts'),
    `import { createKit } from '@gangway/kit/core'\nimport { bip122 } from '@gangway/kit/bip122'\nvoid bip122\nexport const kit = createKit({ plugins: [${pluginSource}] })\n`,
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
    const entry = chunks.find((chunk) => chunk.isEntry)!
    const initial = new Set<string>()
    const visit = (name: string) => {
      if (initial.has(name)) return
      initial.add(name)
      for (const next of chunks.find((chunk) => chunk.fileName === name)?.imports ?? []) visit(next)
    }
    visit(entry.fileName)
    let eager = 0
    let lazy = 0
    let libraryInInitial = false
    for (const chunk of chunks) {
      const bytes = gzipSync(chunk.code).length
      if (initial.has(chunk.fileName)) {
        eager += bytes
        libraryInInitial ||= chunk.moduleIds.some((id) => id.includes('bitcoinjs-lib'))
      } else lazy += bytes
    }
    return { eager, lazy, entry: gzipSync(entry.code).length, libraryInInitial }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}
const without = await pageBytes('')
const withPlugin = await pageBytes('bip122()')

// ------------------------------------------------------------ PSBT build for 100 UTXOs
const payer = createBitcoinTestWallet({ privateKeys: [freshKey()] }).accounts[0]!
const receiver = createBitcoinTestWallet({ privateKeys: [freshKey()] }).accounts[0]!
const utxos = Array.from({ length: UTXOS }, (_, vout) => ({
  txid: randomBytes(32).toString('hex'),
  vout,
  value: 20_000n,
  confirmed: true,
  height: 200,
}))
const psbtMs: number[] = []
let inputsSpent = 0
for (let run = 0; run < PSBT_RUNS; run += 1) {
  const start = performance.now()
  const plan = await buildSendPsbt({
    network: networks.regtest,
    from: { address: payer.address, publicKey: payer.publicKey },
    to: receiver.address,
    // Only all 100 inputs together pay this and its fee at 2 sat/vB.
    amount: 1_975_000n,
    feeRate: 2,
    utxos,
  })
  psbtMs.push(performance.now() - start)
  inputsSpent = plan.signingIndexes.length
}

// ------------------------------------------------------------ connect latencies on the local node
const node = await startBitcoinNode()
try {
  const globals = globalThis as { window?: unknown }
  globals.window = new EventTarget()
  const regtest = bitcoinRegtest({ esploraUrl: node.esploraUrl, genesisHash: node.genesisHash })
  const connectMs: number[] = []
  const balanceMs: number[] = []
  for (let run = 0; run < RUNS; run += 1) {
    const wallet = createBitcoinTestWallet({ privateKeys: [freshKey(), freshKey()] })
    await node.fund(wallet.accounts[0]!.address, 100_000n)
    await node.mine(1)
    const { uninstall } = installBitcoinTestWallet({
      name: 'Bench Bitcoin Wallet',
      icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E',
      shapes: ['standard'],
      call: (request) => wallet.handle(request),
    })
    const kit = createKit({ plugins: [bip122({ networks: [regtest] })] })
    const start = performance.now()
    const balanced = new Promise<void>((resolve) => {
      const stop = kit.subscribe((state) => {
        if (state.namespaces.entities.bip122?.accountState.balance === '0.001') {
          stop()
          resolve()
        }
      })
    })
    await kit.connect({ namespace: 'bip122', connectorId: 'Bench Bitcoin Wallet' })
    connectMs.push(performance.now() - start)
    await balanced
    balanceMs.push(performance.now() - start)
    kit.destroy()
    uninstall()
  }
  delete globals.window

  console.log(
    `bip122 against a local regtest node (median of ${RUNS} runs; run 1 loads bitcoinjs-lib)\n`,
  )
  line(
    'connect → account in state (Wallet Standard test wallet)',
    `${median(connectMs).toFixed(1)} ms`,
  )
  line('connect → BTC balance in state (Esplora API, local)', `${median(balanceMs).toFixed(1)} ms`)
  line(
    'first run: connect → account (includes loading bitcoinjs)',
    `${connectMs[0]!.toFixed(1)} ms`,
  )
  line(
    `PSBT build, ${UTXOS} UTXOs (${inputsSpent} inputs; median of ${PSBT_RUNS})`,
    `${median(psbtMs).toFixed(2)} ms`,
  )
  line(
    'initial JS added by registering bip122() (gzip)',
    `${((withPlugin.eager - without.eager) / 1024).toFixed(2)} KB${withPlugin.libraryInInitial ? ' (bitcoinjs-lib in initial chunks!)' : ', bitcoinjs-lib not in it'}`,
  )
  line(
    '  of which the entry chunk (the rest: shared chunks split off)',
    `${((withPlugin.entry - without.entry) / 1024).toFixed(2)} KB`,
  )
  line(
    'JS loaded on first Bitcoin wallet use (gzip)',
    `${((withPlugin.lazy - without.lazy) / 1024).toFixed(1)} KB`,
  )
} finally {
  await node.stop()
}
