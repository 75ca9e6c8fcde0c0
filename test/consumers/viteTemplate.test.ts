/**
 * The site most people start from: create-vite's react-ts template, unchanged but for App.tsx,
 * which is the README's Usage snippet, with `npm install <kit tarball> viem`. Its own
 * `npm run build` (`tsc -b` with the template's strict flags, then `vite build`) must pass, and
 * the built page must work for a visitor with a wallet.
 */
import { truncateAddress } from '@gangway/kit'
import type { Browser } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchChromium } from '../e2e/support/chromium.js'
import {
  connectButton,
  connectThroughModal,
  dialog,
  newVisitor,
  TEST_WALLET,
  VISITOR_KEY,
} from './support/browser.js'
import { expectPrepared, reportFigures, requirePrepared } from './support/expectations.js'
import { type ServedApp, vitePreview } from './support/serve.js'

const setup = inject('consumers')
const report = setup.apps.viteTemplate

test('create-vite react-ts with the README page: `npm run build` (tsc -b with the template flags, then vite build) passes from the tarball', () => {
  expectPrepared('the create-vite site', report)
  expect(setup.viteFigures).toBeDefined()
  console.log(reportFigures(setup.viteFigures!))
})

describe('the built create-vite site in Chromium', () => {
  let browser: Browser
  let served: ServedApp
  beforeAll(async () => {
    requirePrepared('the create-vite site', report)
    ;[browser, served] = await Promise.all([launchChromium(), vitePreview(report.dir)])
  })
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), served?.stop()])
  })

  test('the button renders, the modal opens and the test wallet connects', async () => {
    const visitor = await newVisitor(browser, setup)
    try {
      const { page } = visitor
      await page.goto(served.url, { waitUntil: 'load' })
      await connectThroughModal(
        page,
        TEST_WALLET,
        truncateAddress(privateKeyToAccount(VISITOR_KEY).address),
      )
      // The account view shows the balance mainnet's node (anvil here) reports.
      await connectButton(page).click()
      await expect
        .poll(() => dialog(page).locator('[data-gangway="balance"]').textContent())
        .toBe('10,000 ETH')
      expect(visitor.refused).toEqual([])
      expect(visitor.complaints).toEqual([])
    } finally {
      await visitor.context.close()
    }
  })
})
