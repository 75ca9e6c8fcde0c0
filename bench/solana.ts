/**
 * solana against a real local node (litesvm behind JSON-RPC, `startSolanaNode`): connect-to-
 * account-state latency through the Wallet Standard test wallet, connect to SOL + 10 SPL balances
 * in state, and what registering the plugin adds to a page's initial JavaScript (web3.js must stay
 * out of it until a Solana wallet is used). Prints figures; asserts nothing.
 */
import { fileURLToPath } from 'node:url'
import { createKit } from '../src/index.js'
import { solana, solanaLocalnet } from '../src/plugins/solana/index.js'
import { createVirtualEnv } from '../src/testing/index.js'
import { createSolanaTestWallet, startSolanaNode } from '../src/testing/node.js'
import { buildPage, createLinePrinter, kb, median, timeConnects, withNode } from './harness.js'

const RUNS = 20
const TOKENS = 10

const line = createLinePrinter(58)

// ------------------------------------------------------------ initial JavaScript of the plugin
/** Builds an entry that registers `plugins` and returns the gzip bytes of the chunks it loads at once and later. */
async function pageBytes(pluginSource: string) {
  const kernel = fileURLToPath(new URL('../src/kernel/index.ts', import.meta.url))
  const plugin = fileURLToPath(new URL('../src/plugins/solana/index.ts', import.meta.url))
  const page = await buildPage(
    `import { createKit } from ${JSON.stringify(kernel)}\nimport { solana } from ${JSON.stringify(plugin)}\nvoid solana\nexport const kit = createKit({ plugins: [${pluginSource}] })\n`,
    { prefix: 'gangway-solana-size-' },
  )
  return {
    ...page,
    web3InInitial: page.initialModuleIds.some((id) => id.includes('@solana/web3.js')),
  }
}
const without = await pageBytes('')
const withPlugin = await pageBytes('solana()')

// ------------------------------------------------------------ connect latencies on the local node
await withNode(startSolanaNode({ accounts: 2 }), async (node) => {
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
  const localnet = solanaLocalnet({ genesisHash: node.genesisHash, rpcUrl: node.url })
  const { connectMs, balanceMs } = await timeConnects(RUNS, () => {
    const wallet = createSolanaTestWallet({
      keypairs: [holder],
      rpcUrls: { 'solana:localnet': node.url },
    })
    const unregister = wallet.register()
    return {
      kit: createKit({ plugins: [solana({ networks: [localnet] })], env: createVirtualEnv() }),
      connect: { namespace: 'solana', connectorId: wallet.pageOptions.name },
      isReady: (state) =>
        state.namespaces.entities.solana?.accountState.tokenBalance.length === TOKENS + 1,
      dispose: unregister,
    }
  })

  console.log(`solana against a local litesvm node (median of ${RUNS} runs; run 1 loads web3.js)\n`)
  line(
    'connect → account in state (Wallet Standard test wallet)',
    `${median(connectMs).toFixed(1)} ms`,
  )
  line(`connect → SOL + ${TOKENS} SPL balances in state`, `${median(balanceMs).toFixed(1)} ms`)
  line('first run: connect → account (includes loading web3.js)', `${connectMs[0]!.toFixed(1)} ms`)
  line(
    'initial JS added by registering solana() (gzip)',
    `${kb(withPlugin.eager - without.eager, 2)}${withPlugin.web3InInitial ? ' (web3.js in initial chunks!)' : ', web3.js not in it'}`,
  )
  line('lazy JS loaded on first Solana wallet use (gzip)', kb(withPlugin.lazy - without.lazy, 1))
})
