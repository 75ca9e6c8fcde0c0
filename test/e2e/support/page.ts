import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
  Response,
} from 'playwright-core'

/** Where {@link screenshot} saves (git-ignored): `<repo>/test-results/screenshots`. */
const SCREENSHOT_DIR = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url))

/** A demo page opened by {@link openDemo}. */
export interface OpenedDemo {
  /** The page, loaded. */
  page: Page
  /** Its own browser context (1280×800); closing it closes the page. */
  context: BrowserContext
  /** The main document's response (status, headers). */
  response: Response
  /**
   * Console errors (each followed by `(at <url>)` when the browser names one) and uncaught page
   * errors (`uncaught: <stack>`), in order, collected from before the page loads.
   */
  consoleErrors: string[]
}

/**
 * Opens `url` in a fresh browser context with a 1280×800 viewport and waits for `load`,
 * collecting console errors and uncaught exceptions from the start.
 * @example
 * const { page, consoleErrors } = await openDemo(browser, inject('demo').url)
 * expect(consoleErrors).toEqual([])
 * @param browser - a browser from `launchChromium()`.
 * @param url - the page to open.
 * @param options - context options over the 1280×800 viewport (a phone's viewport, user agent
 * and touch, for instance).
 * @returns the page, its context, the document response and the live list of errors.
 * @throws Error when navigation fails or yields no response.
 */
export async function openDemo(
  browser: Browser,
  url: string,
  options: BrowserContextOptions = {},
): Promise<OpenedDemo> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options })
  const page = await context.newPage()
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    // For "Failed to load resource" the location is the failing URL; otherwise the script's.
    const { url: where } = message.location()
    consoleErrors.push(where ? `${message.text()} (at ${where})` : message.text())
  })
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.stack ?? error.message}`))
  const response = await page.goto(url, { waitUntil: 'load' })
  if (response === null) {
    await context.close()
    throw new Error(`openDemo: navigating to ${url} gave no response`)
  }
  return { page, context, response, consoleErrors }
}

/**
 * Saves a full-viewport PNG of the page as `test-results/screenshots/<name>.png`.
 * @example
 * await screenshot(page, 'modal-open')
 * @param page - the page to capture.
 * @param name - the file name without extension: letters, digits, `.`, `_` and `-` only.
 * @returns the absolute path written.
 * @throws RangeError for an unsafe name.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) {
    throw new RangeError(`screenshot: "${name}" is not a safe file name`)
  }
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const path = join(SCREENSHOT_DIR, `${name}.png`)
  // Let the modal's 160–180 ms entrance animation finish so the picture shows the settled view.
  await page.waitForTimeout(300)
  await page.screenshot({ path })
  return path
}

/**
 * Presses Tab until `target` has the focus inside its (shadow) root, as a keyboard user moves
 * onto a control. At least one press: focus a page put there itself is no keyboard move, and a
 * focus trap brings `target` round again.
 * @example
 * const focused = await tabOnto(page, dialog(page).getByRole('button', { name: 'WalletConnect' }))
 * expect(focused).toBe(true)
 * @param page - the page.
 * @param target - the control to reach.
 * @param maxPresses - how many presses to try before giving up.
 * @returns whether `target` has the focus.
 */
export async function tabOnto(page: Page, target: Locator, maxPresses = 30): Promise<boolean> {
  const focused = () =>
    target.evaluate((element) => (element.getRootNode() as ShadowRoot).activeElement === element)
  for (let presses = 0; presses < maxPresses; presses += 1) {
    await page.keyboard.press('Tab')
    if (await focused()) return true
  }
  return false
}
