/**
 * The embedded wallet (issue 23). Bytes: the JavaScript it adds to a page before the visitor picks
 * it (a page that does not configure it, and one that does), and what loads when they do. Times,
 * in headless Chromium against the demo's production build and the wallet origin on its own
 * origin (local SMTP capture, local server): click on 'Continue with email' → the code's mail received, and
 * the code submitted → connected, for a returning visitor on a known device. Asserts nothing.
 */

import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { startDemo } from '../demo/serve.js'
import { loadFrameAssets } from '../server/embedded/assets.js'
import {
  addVirtualAuthenticator,
  launchVisitorBrowser,
  startWalletWorld,
} from '../test/e2e/support/embeddedWallet.js'
import { buildPage, createLinePrinter, kb, median } from './harness.js'

const ROUNDS = 7
const line = createLinePrinter(62)
const source = (path: string) => JSON.stringify(fileURLToPath(new URL(path, import.meta.url)))

// ------------------------------------------------------------ bytes
/** Builds a page and returns the gzip bytes loaded at once, later, and those of the embedded wallet. */
async function pageBytes(main: string) {
  const page = await buildPage(main, { prefix: 'gangway-embedded-size-' })
  let embeddedModules = 0
  let embeddedBytes = 0
  for (const chunk of page.chunks) {
    for (const [id, module] of Object.entries(chunk.modules)) {
      if (!/features[\\/]embeddedWallet|embeddedWalletProtocol/.test(id)) continue
      embeddedModules += 1
      embeddedBytes += module.renderedLength
    }
  }
  return { eager: page.eager, lazy: page.lazy, embeddedModules, embeddedBytes }
}
const imports = `import { createKit } from ${source('../src/kernel/index.ts')}
import { eip155 } from ${source('../src/plugins/eip155/index.ts')}
import { solana } from ${source('../src/plugins/solana/index.ts')}
`
const without = await pageBytes(
  `${imports}export const kit = createKit({ plugins: [eip155(), solana()] })\n`,
)
const withWallet = await pageBytes(
  `${imports}import { createEmbeddedWallet, embeddedWallet } from ${source('../src/features/embeddedWallet/index.ts')}
const wallet = createEmbeddedWallet({ walletOrigin: 'https://wallet.example', projectId: 'p1' })
export const kit = createKit({
  plugins: [eip155({ embeddedWallet: wallet }), solana({ embeddedWallet: wallet })],
  features: [embeddedWallet({ wallet })],
})
`,
)

// ------------------------------------------------------------ times in Chromium
const demo = await startDemo({ production: true })
const world = await startWalletWorld(demo)
const browser = await launchVisitorBrowser()
const codeSentMs: number[] = []
const connectedMs: number[] = []
let firstLoginMs = Number.NaN
try {
  const page = await browser.context.newPage()
  await addVirtualAuthenticator(page)
  const email = `bench-${Date.now()}@mail.test`
  const url = world.pageUrl(world.sites[0])
  const button = () => page.locator('[data-gangway="connect-button"]')
  const dialog = () => page.getByRole('dialog')
  const connected = () =>
    page.waitForFunction(
      () => /0x/.test(document.querySelector('[data-gangway="connect-button"]')?.textContent ?? ''),
      undefined,
      { polling: 'raf', timeout: 30_000 },
    )
  /** One login from the Connect view; times of its two steps. */
  const login = async (isNew: boolean) => {
    await page.goto(url)
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    await button().click()
    await dialog().getByLabel('Email').fill(email)
    const clicked = performance.now()
    await dialog().getByRole('button', { name: 'Continue with email' }).click()
    const code = await world.mail.nextCode(email)
    const sent = performance.now() - clicked
    await dialog().getByLabel('Code').fill(code)
    const submitted = performance.now()
    await dialog().getByRole('button', { name: 'Verify' }).click()
    if (isNew) await createWallet(page)
    await connected()
    const done = performance.now() - submitted
    // §4: disconnect signs out, so the next round logs in again from this known device.
    await button().click()
    const signedOut = page.waitForResponse((response) =>
      response.url().endsWith('/embedded/api/signout'),
    )
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await signedOut
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    return { sent, done }
  }
  const first = await login(true)
  firstLoginMs = first.done
  for (let round = 0; round < ROUNDS; round += 1) {
    const { sent, done } = await login(false)
    codeSentMs.push(sent)
    connectedMs.push(done)
  }
} finally {
  await browser.close()
  await world.stop()
  await demo.stop()
}

async function createWallet(page: Page) {
  const frame = page.frameLocator('iframe[data-gangway-wallet-frame]')
  await frame.getByRole('button', { name: 'Create passkey' }).click()
  await frame.getByRole('button', { name: 'I saved it' }).click()
}

console.log('embedded wallet (issue 23)\n')
line(
  'JS of the embedded wallet in a page that does not configure it',
  `${without.embeddedModules} modules, ${without.embeddedBytes} bytes`,
)
line(
  'initial JS it adds to a page that configures it (gzip)',
  kb(withWallet.eager - without.eager, 2),
)
line(
  'JS loaded when the visitor picks it (gzip, lazy chunks)',
  kb(withWallet.lazy - without.lazy, 1),
)
// The wallet origin's own pinned scripts, each loaded whole by its page (decision 0712).
const assets = await loadFrameAssets()
for (const [name, asset] of Object.entries(assets))
  line(
    `the wallet origin's ${name} script (gzip -9)`,
    `${(gzipSync(asset.body, { level: 9 }).length / 1000).toFixed(1)} kB`,
  )
console.log(
  `\nChromium, production demo, local wallet origin and SMTP (median of ${ROUNDS} returning logins)\n`,
)
line(
  "click 'Continue with email' → the code's mail received",
  `${median(codeSentMs).toFixed(0)} ms`,
)
line('code submitted → connected (eip155 and solana)', `${median(connectedMs).toFixed(0)} ms`)
line(
  'first login: code submitted → connected (with the passkey clicks)',
  `${firstLoginMs.toFixed(0)} ms`,
)
