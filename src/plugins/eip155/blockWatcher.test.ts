import { createPublicClient, createTestClient, defineChain, http, type PublicClient } from 'viem'
import { afterEach, expect, inject, test } from 'vitest'
import { type BlockWatcher, createBlockWatcher } from './blockWatcher.js'

const nodes = inject('eip155')
const chain = defineChain({
  id: nodes.main.chainId,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [nodes.main.url] } },
})
const client = createPublicClient({ chain, transport: http(nodes.main.url), pollingInterval: 50 })
const miner = createTestClient({ mode: 'anvil', chain, transport: http(nodes.main.url) })
const account = { chainId: nodes.main.chainId, caipAddress: 'eip155:31337:0xabc' }

const globals = globalThis as { document?: unknown }
const watchers: BlockWatcher[] = []
afterEach(() => {
  for (const watcher of watchers.splice(0)) watcher.destroy()
  delete globals.document
})

/** Resolves once a watcher of our own, polling as fast as the one under test, sees a new block. */
async function nextBlockSeen() {
  await new Promise<void>((resolve) => {
    const unwatch = client.watchBlockNumber({
      emitOnBegin: false,
      onBlockNumber: () => {
        unwatch()
        resolve()
      },
    })
    void miner.mine({ blocks: 1 })
  })
}

function watch(onBlock: () => void) {
  const watcher = createBlockWatcher(() => client as PublicClient, onBlock)
  watchers.push(watcher)
  return watcher
}

test('default: without a document, each new block of the followed chain is reported', async () => {
  let blocks = 0
  watch(() => {
    blocks += 1
  }).follow(account)
  await nextBlockSeen()
  await nextBlockSeen()
  expect(blocks).toBeGreaterThanOrEqual(1)
})

test('behavior: a hidden page is not polled; becoming visible reports at once, then blocks again', async () => {
  const page = Object.assign(new EventTarget(), { visibilityState: 'hidden' })
  globals.document = page
  let blocks = 0
  watch(() => {
    blocks += 1
  }).follow(account)
  await nextBlockSeen()
  await nextBlockSeen()
  expect(blocks).toBe(0)
  page.visibilityState = 'visible'
  page.dispatchEvent(new Event('visibilitychange'))
  expect(blocks).toBe(1)
  await nextBlockSeen()
  await nextBlockSeen()
  expect(blocks).toBeGreaterThan(1)
})

test('behavior: following nothing stops the reports', async () => {
  let blocks = 0
  const watcher = watch(() => {
    blocks += 1
  })
  watcher.follow(account)
  watcher.follow(null)
  await nextBlockSeen()
  await nextBlockSeen()
  expect(blocks).toBe(0)
})
