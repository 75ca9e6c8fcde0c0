/**
 * Next.js sites, hand-written as the App Router docs write them: a server page with the
 * button, a 'use client' providers file creating the kit, and no next.config at all (no
 * transpilePackages, no webpack alias). Next.js 15 builds with webpack, 16 with Turbopack, its
 * default. Served by `next start`, the page must work for a visitor and hydrate cleanly for a
 * returning connected one.
 */
import { truncateAddress } from '@gangway/kit'
import type { Browser, Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchChromium } from '../e2e/support/chromium.js'
import {
  connectButton,
  connectThroughModal,
  dialog,
  HYDRATION_COMPLAINT,
  newVisitor,
  TEST_WALLET,
  VISITOR_KEY,
} from './support/browser.js'
import { expectPrepared, requirePrepared } from './support/expectations.js'
import { nextStart, type ServedApp } from './support/serve.js'

const setup = inject('consumers')
const account = truncateAddress(privateKeyToAccount(VISITOR_KEY).address)
const networkButton = (page: Page) => page.locator('[data-gangway="network-button"]')

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe.each([
  { major: 15, bundler: 'webpack', report: setup.apps.next15 },
  { major: 16, bundler: 'Turbopack', report: setup.apps.next16 },
])('Next.js $major ($bundler)', ({ major, report }) => {
  const name = `the Next.js ${major} site`

  test('`next build` passes with no next.config', () => {
    expectPrepared(name, report)
    console.log(`${name}: ${report.notes.join('; ')}`)
  })

  describe('served by `next start`', () => {
    let served: ServedApp
    beforeAll(async () => {
      requirePrepared(name, report)
      served = await nextStart(report.dir)
    })
    afterAll(async () => {
      await served?.stop()
    })

    test('the server-rendered button, then the modal, and the test wallet connects', async () => {
      const html = await (await fetch(served.url)).text()
      // The label sits in the span the button truncates on a narrow header.
      expect(html).toMatch(/data-gangway="connect-button"[^>]*><span>Connect Wallet<\/span>/)
      // After the chain icon's place (a tile until the logos arrive, after hydration).
      expect(html).toMatch(
        /data-gangway="network-button"[^>]*><span [^>]*data-gangway="network-icon"[^>]*><\/span><span class="gangway-network-name">Ethereum<\/span>/,
      )
      const visitor = await newVisitor(browser, setup)
      try {
        await visitor.page.goto(served.url, { waitUntil: 'load' })
        await connectThroughModal(visitor.page, TEST_WALLET, account)
        expect(visitor.refused).toEqual([])
        expect(visitor.complaints).toEqual([])
      } finally {
        await visitor.context.close()
      }
    })

    test('a returning visitor, connected on Sepolia, reloads: no hydration error, and the account and network show right after hydration', async () => {
      const visitor = await newVisitor(browser, setup)
      try {
        const { page, complaints } = visitor
        await page.goto(served.url, { waitUntil: 'load' })
        await connectThroughModal(page, TEST_WALLET, account)
        // The stored session now differs from what the server renders for everyone.
        await networkButton(page).click()
        await dialog(page)
          .getByRole('button', { name: /^Sepolia/ })
          .click()
        await expect.poll(() => networkButton(page).textContent()).toBe('Sepolia')
        await expect.poll(() => dialog(page).count()).toBe(0)
        complaints.length = 0
        await page.reload({ waitUntil: 'load' })
        await expect
          .poll(() => connectButton(page).textContent(), { timeout: 10_000 })
          .toContain(account)
        await expect.poll(() => networkButton(page).textContent()).toBe('Sepolia')
        expect(complaints.filter((line) => HYDRATION_COMPLAINT.test(line))).toEqual([])
        expect(complaints).toEqual([])
      } finally {
        await visitor.context.close()
      }
    })
  })
})
