/**
 * bip122 against a real local node (litecoind regtest behind the Esplora-shaped API,
 * `startBitcoinNode`): connect-to-account and connect-to-balance latency through the Wallet
 * Standard Bitcoin test wallet, the PSBT build time for a send spending 100 UTXOs, and what
 * registering the plugin adds to a page's initial JavaScript (bitcoinjs-lib must stay out of it
 * until a Bitcoin wallet is used) and loads on first use, measured through the built package (run
 * `npm run build` first). Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import { networks } from 'bitcoinjs-lib'
import { createKit } from '../src/kernel/index.js'
import { bip122, bitcoinRegtest } from '../src/plugins/bip122/index.js'
import { buildSendPsbt } from '../src/plugins/bip122/psbt.js'
import { installBitcoinTestWallet } from '../src/testing/index.js'
import { createBitcoinTestWallet, startBitcoinNode } from '../src/testing/node.js'
import { buildPage, createLinePrinter, kb, median, timeConnects, withNode } from './harness.js'

const RUNS = 20
const PSBT_RUNS = 50
const UTXOS = 100

const line = createLinePrinter(58)
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
  const page = await buildPage(
    `import { createKit } from '@gangway/kit/core'\nimport { bip122 } from '@gangway/kit/bip122'\nvoid bip122\nexport const kit = createKit({ plugins: [${pluginSource}] })\n`,
    { prefix: 'bip122-size-', inRepository: true },
  )
  return {
    ...page,
    libraryInInitial: page.initialModuleIds.some((id) => id.includes('bitcoinjs-lib')),
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
await withNode(startBitcoinNode(), async (node) => {
  const regtest = bitcoinRegtest({ esploraUrl: node.esploraUrl, genesisHash: node.genesisHash })
  const { connectMs, balanceMs } = await timeConnects(RUNS, async () => {
    const wallet = createBitcoinTestWallet({ privateKeys: [freshKey(), freshKey()] })
    await node.fund(wallet.accounts[0]!.address, 100_000n)
    await node.mine(1)
    const { uninstall } = installBitcoinTestWallet({
      name: 'Bench Bitcoin Wallet',
      icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E',
      shapes: ['standard'],
      call: (request) => wallet.handle(request),
    })
    return {
      kit: createKit({ plugins: [bip122({ networks: [regtest] })] }),
      connect: { namespace: 'bip122', connectorId: 'Bench Bitcoin Wallet' },
      isReady: (state) => state.namespaces.entities.bip122?.accountState.balance === '0.001',
      dispose: uninstall,
    }
  })

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
    `${kb(withPlugin.eager - without.eager, 2)}${withPlugin.libraryInInitial ? ' (bitcoinjs-lib in initial chunks!)' : ', bitcoinjs-lib not in it'}`,
  )
  line(
    '  of which the entry chunk (the rest: shared chunks split off)',
    kb(withPlugin.entry - without.entry, 2),
  )
  line('JS loaded on first Bitcoin wallet use (gzip)', kb(withPlugin.lazy - without.lazy, 1))
})
