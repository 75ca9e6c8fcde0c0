/**
 * What every Chromium test of the demo shares: one browser per file, a fresh page (its own
 * context) per test, closed after it, and the demo wallet's connect as a visitor does it.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { truncateAddress } from '../../../src/kernel/index.js'
import { launchChromium } from './chromium.js'
import { type OpenedDemo, openDemo } from './page.js'

/** The in-page EVM demo wallet, as the modal lists it. */
export const DEMO_WALLET = 'Demo Wallet (development key)'

/** The modal. */
export const dialog = (page: Page) => page.getByRole('dialog')
/** The connect (or account) button on the page. */
export const connectButton = (page: Page) => page.locator('[data-gangway="connect-button"]')

/**
 * Registers the file's browser hooks: one Chromium for the file, every page opened through the
 * session closed (with its context) after the test that opened it.
 * @returns `open(url, options)`: a new page on `url` in a context of its own; `fresh(url,
 * options)`: the same, once its (English) connect button is there; `browser()`: the file's
 * browser, for a context a test manages itself.
 */
export function demoSession() {
  let browser: Browser
  const opened: OpenedDemo[] = []
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterEach(async () => {
    for (const entry of opened.splice(0)) await entry.context.close()
  })
  afterAll(async () => {
    await browser?.close()
  })
  const open = async (url: string, options: Parameters<typeof openDemo>[2] = {}) => {
    const entry = await openDemo(browser, url, options)
    opened.push(entry)
    return entry
  }
  return {
    open,
    fresh: async (url: string, options: Parameters<typeof openDemo>[2] = {}) => {
      const entry = await open(url, options)
      await entry.page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
      return entry
    },
    browser: () => browser,
  }
}

/** Connects the demo wallet from the Connect view and waits for `address` on the button. */
export async function connectDemoWallet(page: Page, address: string) {
  await connectButton(page).click()
  await dialog(page).getByRole('button', { name: DEMO_WALLET }).click()
  await expect.poll(() => connectButton(page).textContent()).toContain(truncateAddress(address))
}

/** Picks `symbol` in Send's token picker with the pointer: the combobox, then its option. */
export async function chooseSendToken(page: Page, symbol: string) {
  await dialog(page).getByRole('combobox', { name: 'Token' }).click()
  await dialog(page)
    .getByRole('option')
    .filter({ has: page.locator('.gw-token-line-symbol', { hasText: new RegExp(`^${symbol}$`) }) })
    .first()
    .click()
}
