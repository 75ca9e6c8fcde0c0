/**
 * polkadot against a real local node (chopsticks from Rococo Asset Hub's genesis,
 * `startPolkadotNode`): connect-to-account-state latency through the Polkadot test extension,
 * connect to the balance in state, and what registering the plugin adds to a page's initial
 * JavaScript (`@polkadot/api` must stay out of it until a Polkadot wallet is used). Prints figures;
 * asserts nothing.
 */
import { createKit } from '../src/index.js'
import { polkadot, polkadotLocalnet } from '../src/plugins/polkadot/index.js'
import { createVirtualEnv } from '../src/testing/index.js'
import { createPolkadotTestExtension, startPolkadotNode } from '../src/testing/node.js'
import { buildPage, createLinePrinter, kb, median, timeConnects, withNode } from './harness.js'

const RUNS = 20

const line = createLinePrinter(58)

// ------------------------------------------------------------ initial JavaScript of the plugin
/** Builds an entry that registers `plugins` and returns the gzip bytes of the chunks it loads at once and later. */
async function pageBytes(pluginSource: string) {
  // Inside the repository, so the page resolves `@gangway/kit` as a site does: the built package,
  // its `sideEffects` list included (the sources alone would keep modules a site's bundler drops).
  const page = await buildPage(
    `import { createKit } from '@gangway/kit/core'\nimport { polkadot } from '@gangway/kit/polkadot'\nimport { eip155 } from '@gangway/kit/eip155'\nvoid polkadot\nvoid eip155\nexport const kit = createKit({ plugins: [${pluginSource}] })\n`,
    { prefix: 'polkadot-size-', inRepository: true },
  )
  return { ...page, apiInInitial: page.initialModuleIds.some((id) => id.includes('@polkadot/')) }
}
const without = await pageBytes('')
const withPlugin = await pageBytes('polkadot()')
// A multichain site: the plugin kit is already in the page with another plugin.
const evmOnly = await pageBytes('eip155()')
const evmAndPolkadot = await pageBytes('eip155(), polkadot()')

// ------------------------------------------------------------ connect latencies on the local node
await withNode(startPolkadotNode({ accounts: 2 }), async (node) => {
  const localnet = polkadotLocalnet({
    rpcUrl: node.url,
    genesisHash: node.genesisHash,
    networkId: 'polkadot:gangway-bench',
    nativeCurrency: node.nativeCurrency,
    ss58Prefix: node.ss58Prefix,
  })
  const { connectMs, balanceMs } = await timeConnects(RUNS, () => {
    const extension = createPolkadotTestExtension({ keys: [{ uri: node.accounts[1]!.uri }] })
    const uninstall = extension.install()
    return {
      kit: createKit({ plugins: [polkadot({ networks: [localnet] })], env: createVirtualEnv() }),
      connect: { namespace: 'polkadot', connectorId: extension.pageOptions.name },
      isReady: (state) => Boolean(state.namespaces.entities.polkadot?.accountState.balance),
      dispose: uninstall,
    }
  })

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
    `${kb(withPlugin.eager - without.eager, 2)}${withPlugin.apiInInitial ? ' (@polkadot/* in initial chunks!)' : ', no @polkadot/* in it'}`,
  )
  line(
    'initial JS added by polkadot() beside eip155() (gzip)',
    kb(evmAndPolkadot.eager - evmOnly.eager, 2),
  )
  line('lazy JS loaded on first Polkadot wallet use (gzip)', kb(withPlugin.lazy - without.lazy, 1))
})
