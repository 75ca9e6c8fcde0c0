/**
 * A site still on React 18.3 (and its types): Vite, the README page, `tsc` over the kit's
 * declarations with skipLibCheck off, then `vite build`; the built page works for a visitor.
 */
import { truncateAddress } from '@gangway/kit'
import type { Browser } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchChromium } from '../e2e/support/chromium.js'
import { connectThroughModal, newVisitor, TEST_WALLET, VISITOR_KEY } from './support/browser.js'
import { expectPrepared, requirePrepared } from './support/expectations.js'
import { type ServedApp, vitePreview } from './support/serve.js'

const setup = inject('consumers')
const report = setup.apps.react18

test('React 18.3: npm installs the kit beside react@18.3 (no ERESOLVE), and tsc (skipLibCheck off) and vite build pass', () => {
  expectPrepared('the React 18 site', report)
})

describe('the built React 18 site in Chromium', () => {
  let browser: Browser
  let served: ServedApp
  beforeAll(async () => {
    requirePrepared('the React 18 site', report)
    ;[browser, served] = await Promise.all([launchChromium(), vitePreview(report.dir)])
  })
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), served?.stop()])
  })

  test('the button renders, the modal opens and the test wallet connects', async () => {
    const visitor = await newVisitor(browser, setup)
    try {
      await visitor.page.goto(served.url, { waitUntil: 'load' })
      await connectThroughModal(
        visitor.page,
        TEST_WALLET,
        truncateAddress(privateKeyToAccount(VISITOR_KEY).address),
      )
      expect(await visitor.page.evaluate(() => document.documentElement.outerHTML)).toContain(
        'data-gangway="connect-button"',
      )
      expect(visitor.refused).toEqual([])
      expect(visitor.complaints).toEqual([])
    } finally {
      await visitor.context.close()
    }
  })
})
