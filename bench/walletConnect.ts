/**
 * WalletConnect in headless Chromium, offline, on the demo's production build with its local relay:
 * click-to-QR (the visitor picks WalletConnect → the QR code is in the DOM; the first pick in a
 * page, so sign-client loads and the relay socket opens either after the click or, when the
 * pointer rested on the button or the keyboard tabbed onto it, before the click) and pair-to-connected (the remote wallet starts
 * pairing with the URI → the connect button shows the account). Fresh browser context per round.
 * Asserts nothing.
 */
import { performance } from 'node:perf_hooks'
import type { Page } from 'playwright-core'
import { startDemo } from '../demo/serve.js'
import { createRemoteTestWallet } from '../src/testing/node.js'
import { launchChromium } from '../test/e2e/support/chromium.js'
import { tabOnto } from '../test/e2e/support/page.js'
import { ANVIL_KEYS } from '../test/support/eip155.js'
import { NAME_SHIM } from './pageScripts.js'

const ROUNDS = 10
const median = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN
const line = (label: string, value: string) => console.log(`${label.padEnd(52)} ${value}`)

/** Clicks the shadow-root button named `name` and resolves with ms until `selector` appears. */
function clickUntil(page: Page, name: string, selector: string): Promise<number> {
  return page.evaluate(
    ({ name, selector }) =>
      new Promise<number>((resolve, reject) => {
        const root = document.querySelector('gangway-modal')?.shadowRoot
        const button = [...(root?.querySelectorAll('button') ?? [])].find((candidate) =>
          candidate.textContent?.trim().endsWith(name),
        )
        if (!root || !button) return reject(new Error(`no "${name}" button`))
        const started = performance.now()
        const observer = new MutationObserver(() => {
          if (!root.querySelector(selector)) return
          observer.disconnect()
          resolve(performance.now() - started)
        })
        observer.observe(root, { subtree: true, childList: true, attributes: true })
        button.click()
      }),
    { name, selector },
  )
}

const demo = await startDemo({ production: true })
const remote = await createRemoteTestWallet({
  relayUrl: demo.config.relayUrl,
  privateKeys: [ANVIL_KEYS[5]],
  chains: demo.config.chains.map((chain) => ({ id: chain.id, rpcUrl: chain.rpcUrl })),
})
const browser = await launchChromium()
const coldQr: number[] = []
const afterHoverQr: number[] = []
const afterTabQr: number[] = []
/** How long the pointer rests on WalletConnect before the click, in the second case. */
const HOVER_MS = 300
const pairToConnected: number[] = []
try {
  for (let round = 0; round < 3 * ROUNDS; round += 1) {
    // A third of the rounds click without any pointer movement (a script's click: nothing
    // anticipated); a third rest the pointer on the button first, as a visitor does, which lets
    // the plugin start loading sign-client before the click; a third tab onto it, as a keyboard
    // user does, which anticipates the same way.
    const mode = (['scripted', 'pointer', 'keyboard'] as const)[round % 3]!
    const context = await browser.newContext()
    await context.addInitScript(NAME_SHIM)
    const page = await context.newPage()
    await page.goto(demo.url, { waitUntil: 'load' })
    const connectButton = page.locator('[data-gangway="connect-button"]')
    await connectButton.click()
    const walletConnect = page
      .getByRole('dialog')
      .getByRole('button', { name: 'WalletConnect', exact: true })
    await walletConnect.waitFor()
    const qr = 'svg[aria-label="WalletConnect QR code"]'
    if (mode === 'pointer') {
      await walletConnect.hover()
      await page.waitForTimeout(HOVER_MS)
    }
    if (mode === 'keyboard') {
      await tabOnto(page, walletConnect)
      await page.waitForTimeout(HOVER_MS)
    }
    const samples = { scripted: coldQr, pointer: afterHoverQr, keyboard: afterTabQr }[mode]
    samples.push(await clickUntil(page, 'WalletConnect', qr))

    const uri = await page.evaluate(
      () =>
        (
          window as unknown as {
            gangwayKit: { getState(): { walletConnect: { pairing: { uri: string } | null } } }
          }
        ).gangwayKit.getState().walletConnect?.pairing?.uri ?? '',
    )
    // Both clocks count from the Unix epoch, so the page's timestamp compares with this process's.
    await page.evaluate(() => {
      const observer = new MutationObserver(() => {
        const button = document.querySelector('[data-gangway="connect-button"]')
        if (!button?.textContent?.includes('…')) return
        observer.disconnect()
        ;(window as { connectedAt?: number }).connectedAt =
          performance.timeOrigin + performance.now()
      })
      observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    const pairedAt = performance.timeOrigin + performance.now()
    await remote.pair(uri)
    await page.waitForFunction(
      () => (window as { connectedAt?: number }).connectedAt !== undefined,
      undefined,
      {
        timeout: 20_000,
      },
    )
    const connectedAt = await page.evaluate(
      () => (window as { connectedAt?: number }).connectedAt ?? Number.NaN,
    )
    pairToConnected.push(connectedAt - pairedAt)
    await context.close()
  }
} finally {
  await browser.close()
  await remote.close()
  await demo.stop()
}

console.log(`WalletConnect in Chromium, offline, local relay (medians of ${ROUNDS} each)`)
line('click → QR, scripted click (nothing anticipated)', `${median(coldQr).toFixed(1)} ms`)
line(
  `click → QR, pointer on the button ${HOVER_MS} ms first`,
  `${median(afterHoverQr).toFixed(1)} ms`,
)
line(
  `click → QR, tabbed onto the button ${HOVER_MS} ms first`,
  `${median(afterTabQr).toFixed(1)} ms`,
)
line('wallet starts pairing → account on the button', `${median(pairToConnected).toFixed(1)} ms`)
