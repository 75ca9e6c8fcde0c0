/**
 * A server-rendered page, as Next.js serves one: each request renders the page in Node (no window)
 * with a fresh kit made with `ssr: true`, and Chromium hydrates that HTML with the page's own kit,
 * whose storage holds the visitor's session. A returning connected visitor must get no hydration
 * mismatch (React error #418 in production, its dev warnings here) and see the account right after
 * hydration (issue 20).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { createHydrationKit, HydrationPage } from '../../demo/site/hydration.app.js'
import { truncateAddress } from '../../src/kernel/index.js'
import { launchChromium } from './support/chromium.js'
import { connectButton, DEMO_WALLET, dialog } from './support/demoSession.js'

const demo = inject('demo')
const [main, side] = demo.config.chains
const visitor = privateKeyToAccount(demo.config.walletKeys[0]!).address
const networkButton = (page: Page) => page.locator('[data-gangway="network-button"]')

/** What a server sends for each request: the page rendered in Node from a fresh kit. */
function serverRender(): string {
  const kit = createHydrationKit(demo.config)
  try {
    return renderToString(createElement(HydrationPage, { kit }))
  } finally {
    kit.destroy()
  }
}

/** What the page reported about its hydration (demo/site/hydration.tsx). */
interface HydrationReport {
  /** Errors React recovered from (a mismatch is one). */
  errors: string[]
  /** `#root` as the server sent it. */
  serverHtml: string
}

/** React's hydration complaints: dev warnings and production errors #418, #423 and #425. */
const HYDRATION_COMPLAINT =
  /hydrat|did not match|didn't match|server rendered|Minified React error #(418|423|425)/i

let browser: Browser
let context: BrowserContext | undefined
beforeAll(async () => {
  browser = await launchChromium()
})
afterEach(async () => {
  await context?.close()
  context = undefined
})
afterAll(async () => {
  await browser?.close()
})

/**
 * A fresh browser profile whose requests for hydration.html get the server's HTML in `#root`.
 * @returns the page (not yet navigated) and every console error or warning and uncaught error.
 */
async function serverRenderedSite(): Promise<{ page: Page; complaints: string[] }> {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.route(
    (url) => url.pathname.endsWith('/hydration.html'),
    async (route) => {
      const response = await route.fetch()
      const shell = await response.text()
      if (!shell.includes('<div id="root"></div>')) throw new Error('ssr: no #root in the shell')
      await route.fulfill({
        response,
        body: shell.replace('<div id="root"></div>', `<div id="root">${serverRender()}</div>`),
      })
    },
  )
  const page = await context.newPage()
  const complaints: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      complaints.push(`${message.type()}: ${message.text()}`)
    }
  })
  page.on('pageerror', (error) => complaints.push(`uncaught: ${error.stack ?? error.message}`))
  return { page, complaints }
}

const hydrated = async (page: Page): Promise<HydrationReport> => {
  await page.waitForFunction(() => 'hydration' in window)
  return page.evaluate(() => (window as unknown as { hydration: HydrationReport }).hydration)
}

describe('a server-rendered page (ssr: true)', () => {
  test('behavior: a returning connected visitor reloads: no hydration mismatch, and the account and network show right after hydration', async () => {
    const { page, complaints } = await serverRenderedSite()
    const url = `${demo.url}hydration.html?ssr`

    // First visit: nothing stored; the visitor connects the demo wallet and picks the side chain.
    await page.goto(url, { waitUntil: 'load' })
    await hydrated(page)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: DEMO_WALLET }).click()
    await expect.poll(() => connectButton(page).textContent()).toContain(truncateAddress(visitor))
    await networkButton(page).click()
    await dialog(page).getByRole('button', { name: side!.name }).click()
    await expect.poll(() => networkButton(page).textContent()).toBe(side!.name)
    await expect.poll(() => dialog(page).count()).toBe(0)
    expect((await hydrated(page)).errors).toEqual([])
    expect(complaints.filter((line) => HYDRATION_COMPLAINT.test(line))).toEqual([])

    // The visitor comes back: the server, which knows nothing of the session, renders the page.
    complaints.length = 0
    await page.reload({ waitUntil: 'load' })
    const { serverHtml } = await hydrated(page)
    expect(serverHtml).toContain('><span>Connect Wallet</span></button>')
    expect(serverHtml).toContain(`<span class="gangway-network-name">${main!.name}</span></button>`)
    // Right after hydration the stored session applies and the wallet reconnects silently.
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 10_000 })
      .toContain(truncateAddress(visitor))
    await expect.poll(() => networkButton(page).textContent()).toBe(side!.name)
    expect((await hydrated(page)).errors).toEqual([])
    expect(complaints.filter((line) => HYDRATION_COMPLAINT.test(line))).toEqual([])
  })
})
