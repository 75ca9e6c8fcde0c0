/**
 * Issue 22's finish, as a visitor sees it in Chromium on the demo: the Tokens tab lists what the
 * account holds (tokens swapped into included) with icons and USD values from the data service;
 * Max; the send review; readable activity; the price-impact warning; the error copy.
 */
import type { Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { connectButton, connectDemoWallet, demoSession, dialog } from './support/demoSession.js'
import { screenshot } from './support/page.js'

const demo = inject('demo')
const visitor = privateKeyToAccount(demo.config.walletKeys[0]!).address
const session = demoSession()

const tokenRow = (page: Page, symbol: string) =>
  dialog(page).locator('[data-gangway="token"]', { hasText: new RegExp(`^${symbol}`) })

/** Swaps `amount` ETH for `symbol` through the modal and waits until Account is back. */
async function swapEthFor(page: Page, symbol: string, amount: string) {
  await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
  await dialog(page).getByRole('button', { name: 'Select token' }).first().click()
  await dialog(page).getByRole('searchbox', { name: 'Search tokens' }).fill(symbol)
  await dialog(page).getByRole('button', { name: symbol, exact: true }).first().click()
  await dialog(page).getByRole('textbox', { name: 'You pay', exact: true }).fill(amount)
  const action = dialog(page).locator('[data-gangway="swap-action"]')
  await expect.poll(() => action.textContent(), { timeout: 15_000 }).toBe('Review swap')
  await action.click()
  const preview = dialog(page).locator('[data-gangway="swap-preview"]')
  await preview.getByRole('button', { name: 'Swap', exact: true }).click()
  await dialog(page).getByRole('tab', { name: 'Tokens' }).waitFor({ timeout: 15_000 })
}

describe('the finish of issue 22', () => {
  test('behavior: the Tokens tab lists a token swapped into, with icons and USD values, and the account total in USD (defect 2)', async () => {
    const { page, consoleErrors } = await session.fresh(demo.url)
    await connectDemoWallet(page, visitor)
    await connectButton(page).click()
    // The native currency at the operator's price; the demo token with its icon from the service.
    await expect
      .poll(() => tokenRow(page, 'ETH').locator('[data-gangway="token-fiat"]').textContent(), {
        timeout: 15_000,
      })
      .toMatch(/^\$[\d,]+\.\d\d$/)
    const icon = tokenRow(page, 'GDT').locator('img')
    expect(await icon.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/)
    expect(await dialog(page).locator('[data-gangway="fiat-total"]').textContent()).toMatch(
      /^\$[\d,]+\.\d\d$/,
    )
    await swapEthFor(page, 'DAI', '0.01')
    // The token swapped into appears without a reload, priced from its pool.
    await expect.poll(() => tokenRow(page, 'DAI').count(), { timeout: 20_000 }).toBe(1)
    expect(
      await tokenRow(page, 'DAI').locator('[data-gangway="token-fiat"]').textContent(),
    ).toMatch(/^\$[\d,]+\.\d\d$/)
    // Nothing held at zero is listed.
    for (const text of await dialog(page).locator('[data-gangway="token"]').allTextContents()) {
      expect(text).not.toMatch(/^[A-Z]+0$/)
    }
    await screenshot(page, 'account-tokens-fiat')
    expect(consoleErrors).toEqual([])
  }, 180_000)
})
