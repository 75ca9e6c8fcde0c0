/**
 * A Vite site with the solana plugin, installed with pnpm: its strict layout lets the kit reach
 * only the packages it declares, so a missing declaration fails the install or the build here.
 * The production build must keep what the plugin needs at run time (issue 20: `sideEffects`
 * once let the bundler drop the module installing `Buffer`, and SPL balances vanished).
 */
import { truncateAddress } from '@gangway/kit'
import { Keypair } from '@solana/web3.js'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchChromium } from '../e2e/support/chromium.js'
import {
  connectButton,
  connectThroughModal,
  dialog,
  installSolanaWallet,
  newVisitor,
  SOLANA_TEST_WALLET,
} from './support/browser.js'
import { CONSUMER_TOKEN } from './support/constants.js'
import { expectPrepared, requirePrepared } from './support/expectations.js'
import { type ServedApp, vitePreview } from './support/serve.js'

const setup = inject('consumers')
const report = setup.apps.pnpmSolana
const holder = Keypair.fromSecretKey(Uint8Array.from(setup.solana.holderSecretKey))

test('pnpm 9 installs a Vite site with the kit (strict layout) and its production build (tsc, vite build) passes', () => {
  expectPrepared('the pnpm Solana site', report)
})

describe('the production build of the Solana site in Chromium', () => {
  let browser: Browser
  let served: ServedApp
  beforeAll(async () => {
    requirePrepared('the pnpm Solana site', report)
    ;[browser, served] = await Promise.all([launchChromium(), vitePreview(report.dir)])
  })
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), served?.stop()])
  })

  test('the Solana test wallet connects and the account shows its SPL token balance', async () => {
    const visitor = await newVisitor(browser, setup)
    try {
      await installSolanaWallet(visitor, setup)
      const { page } = visitor
      await page.goto(served.url, { waitUntil: 'load' })
      await connectThroughModal(
        page,
        SOLANA_TEST_WALLET,
        truncateAddress(holder.publicKey.toBase58()),
      )
      await connectButton(page).click()
      const tokens = dialog(page).getByRole('list', { name: 'Tokens' })
      await expect
        .poll(() => tokens.textContent(), { timeout: 15_000 })
        .toContain(CONSUMER_TOKEN.symbol)
      expect(await tokens.textContent()).toContain('1,234.5')
      expect(visitor.refused).toEqual([])
      expect(visitor.complaints).toEqual([])
    } finally {
      await visitor.context.close()
    }
  })
})
