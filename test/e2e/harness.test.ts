import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { launchChromium } from './support/chromium.js'
import { openDemo } from './support/page.js'

const demo = inject('demo')
if (demo === undefined) {
  throw new Error(
    'e2e: no demo was provided; run the end-to-end tests with the e2e config, whose globalSetup is test/e2e/globalSetup.ts',
  )
}

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

test('harness: the demo page loads and reaches the local node from the browser', async () => {
  const { page, context, response } = await openDemo(browser, demo.url)
  try {
    expect(response.status()).toBe(200)
    expect((await page.title()).trim()).not.toBe('')

    const [main] = demo.config.chains
    expect(main?.id).toBe(31337)
    // The page's demo wallet talks to anvil directly: a cross-origin POST with a JSON body, so
    // this also proves the CORS preflight passes.
    const answer = await page.evaluate(async (rpcUrl) => {
      const reply = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      return { status: reply.status, body: (await reply.json()) as unknown }
    }, main!.rpcUrl)
    expect(answer).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 1, result: '0x7a69' } })
  } finally {
    await context.close()
  }
})
