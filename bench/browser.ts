/**
 * In headless Chromium, on production builds: navigation-to-button, click-to-first-wallet and the
 * JS heap after the modal opens on the smallest real page (connect button, modal, eip155 plugin,
 * one announced EIP-6963 wallet); React commits per balance update on the demo (a real wallet on
 * a real node, React's profiling build so commits can be counted). Asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import type { Browser } from 'playwright-core'
import { build, preview } from 'vite'
import { startDemo } from '../demo/serve.js'
import { launchChromium } from '../test/e2e/support/chromium.js'
import { ANNOUNCE, NAME_SHIM } from './pageScripts.js'
import { servePrecompressed } from './staticServer.js'

const OPENS = 20
const NAVIGATIONS = 20
const median = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN
const line = (label: string, value: string) => console.log(`${label.padEnd(52)} ${value}`)

/** Builds a page folder with Vite's defaults and serves the build on a free port. */
async function buildAndServe(root: string) {
  const outDir = mkdtempSync(join(tmpdir(), 'gangway-bench-'))
  await build({
    configFile: false,
    root,
    plugins: [react()],
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  })
  const server = await preview({
    configFile: false,
    root,
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0 },
    logLevel: 'silent',
  })
  const precompressed = await servePrecompressed(outDir)
  return {
    url: server.resolvedUrls?.local[0] ?? '',
    precompressedUrl: precompressed.url,
    close: async () => {
      await server.close()
      await precompressed.close()
      rmSync(outDir, { recursive: true, force: true })
    },
  }
}

/** Time from navigation start to `[data-gangway="connect-button"]` in the DOM, one cold load. */
async function navigationToButton(browser: Browser, pageUrl: string) {
  const context = await browser.newContext()
  await context.addInitScript(NAME_SHIM)
  await context.addInitScript(ANNOUNCE)
  const page = await context.newPage()
  // performance.now() counts from the start of navigation, so the time the button lands in the
  // DOM is navigation-to-button.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-gangway="connect-button"]')) return
      ;(window as { buttonAt?: number }).buttonAt = performance.now()
      observer.disconnect()
    })
    observer.observe(document, { subtree: true, childList: true })
  })
  await page.goto(pageUrl, { waitUntil: 'load' })
  await page.waitForFunction(() => (window as { buttonAt?: number }).buttonAt !== undefined)
  const at = await page.evaluate(() => (window as { buttonAt?: number }).buttonAt ?? Number.NaN)
  await context.close()
  return at
}

/**
 * Medians over NAVIGATIONS rounds, each loading every page once in turn: this machine's speed
 * drifts by tens of milliseconds between minutes, and interleaving makes the drift fall on all
 * pages alike. Also the median of each round's difference between the first two pages.
 */
async function interleavedNavigations(browser: Browser, urls: readonly string[]) {
  const samples = urls.map((): number[] => [])
  const differences: number[] = []
  for (let round = 0; round < NAVIGATIONS; round += 1) {
    for (const [index, url] of urls.entries())
      samples[index]!.push(await navigationToButton(browser, url))
    differences.push(samples[0]!.at(-1)! - samples[1]!.at(-1)!)
  }
  return { medians: samples.map(median), difference: median(differences) }
}

const sizeApp = await buildAndServe(fileURLToPath(new URL('./size-app/', import.meta.url)))
const reactOnly = await buildAndServe(fileURLToPath(new URL('./react-only/', import.meta.url)))
const pageUrl = sizeApp.url
const demo = await startDemo({ production: true })
const browser = await launchChromium()
try {
  // ------------------------------------------------------------ navigation → button
  const navigation = await interleavedNavigations(browser, [
    sizeApp.precompressedUrl,
    reactOnly.precompressedUrl,
    pageUrl,
    reactOnly.url,
  ])
  const [toButton, floor, toButtonPreview, floorPreview] = navigation.medians as [
    number,
    number,
    number,
    number,
  ]

  // ------------------------------------------------------------ click → first wallet, heap
  const small = await browser.newContext()
  await small.addInitScript(NAME_SHIM)
  await small.addInitScript(ANNOUNCE)
  const smallPage = await small.newPage()
  await smallPage.goto(pageUrl, { waitUntil: 'load' })
  await smallPage.locator('[data-gangway="connect-button"]').waitFor()
  const opens = await smallPage.evaluate(async (count) => {
    const button = document.querySelector<HTMLElement>('[data-gangway="connect-button"]')!
    const kit = (window as unknown as { gangwayKit: { close(): void } }).gangwayKit
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    const samples: number[] = []
    for (let run = 0; run < count; run += 1) {
      const start = performance.now()
      button.click()
      // The wallet list is rendered synchronously with the open; poll microtask-fast, not per frame.
      for (;;) {
        const root = document.querySelector('gangway-modal')?.shadowRoot
        const wallet = [...(root?.querySelectorAll('button') ?? [])].find((element) =>
          element.textContent?.includes('Demo Wallet'),
        )
        if (wallet) break
        await new Promise((resolve) => setTimeout(resolve, 0))
      }
      samples.push(performance.now() - start)
      kit.close()
      await frame()
      await frame()
    }
    return samples
  }, OPENS)
  await smallPage.locator('[data-gangway="connect-button"]').click()
  const cdp = await small.newCDPSession(smallPage)
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
  await small.close()

  // ------------------------------------------------------------ commits per balance update (demo)
  const context = await browser.newContext()
  await context.addInitScript(NAME_SHIM)
  const page = await context.newPage()
  await page.goto(demo.url, { waitUntil: 'load' })
  await page.locator('[data-gangway="connect-button"]').click()
  await page.getByRole('button', { name: 'Demo Wallet (development key)' }).click()
  await page.waitForFunction(() =>
    document.querySelector('[data-gangway="connect-button"]')?.textContent?.includes('ETH'),
  )
  const commitsPerUpdate = await page.evaluate(async () => {
    const kit = (
      window as unknown as {
        gangwayKit: {
          events$: { subscribe(next: (event: { type: string }) => void): { unsubscribe(): void } }
          refreshBalance(): Promise<void>
          features: { send: { send(intent: unknown): Promise<unknown> } }
        }
      }
    ).gangwayKit
    const commits = (window as unknown as { gangwayCommits: number[] }).gangwayCommits
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    const counts: number[] = []
    const subscription = kit.events$.subscribe((event) => {
      if (event.type !== 'balance/succeeded') return
      const before = commits.length
      void frame()
        .then(frame)
        .then(() => counts.push(commits.length - before))
    })
    // A real balance change: the visitor sends to another account; the kit refreshes afterwards.
    for (let run = 0; run < 3; run += 1) {
      await kit.features.send.send({
        to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        amount: '0.01',
      })
      for (let wait = 0; wait < 50 && counts.length <= run; wait += 1) await frame()
    }
    subscription.unsubscribe()
    return counts
  })

  console.log(`browser: production builds in Chromium ${browser.version()}\n`)
  line(`navigation → connect button (median of ${NAVIGATIONS})`, `${toButton.toFixed(1)} ms`)
  line('  the floor: React alone rendering a button', `${floor.toFixed(1)} ms`)
  line(
    '  Gangway over the floor (median of paired rounds)',
    `${navigation.difference.toFixed(1)} ms`,
  )
  line(
    '  both served by vite preview (gzip on the fly)',
    `${toButtonPreview.toFixed(1)} ms, floor ${floorPreview.toFixed(1)} ms`,
  )
  line(`click → first wallet visible (median of ${OPENS} opens)`, `${median(opens).toFixed(2)} ms`)
  line('JS heap after the modal opens (after GC)', `${(heap.usedSize / 1024 / 1024).toFixed(2)} MB`)
  line(
    'React commits per balance update',
    `${median(commitsPerUpdate)} (runs: ${commitsPerUpdate.join(', ')})`,
  )
  await context.close()
} finally {
  await browser.close()
  await demo.stop()
  await sizeApp.close()
  await reactOnly.close()
}
