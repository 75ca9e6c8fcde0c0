/**
 * The modal in the visitor's language, in Chromium against the demo (issue 22, "the finish"):
 * German, Japanese and Arabic visitors read every view they reach in their language, and an
 * Arabic one gets the layout mirrored (the close button on the left, the tabs running right to
 * left) with nothing for axe to find.
 */
import type { Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { expectNoAxeViolations } from './support/axe.js'
import { connectButton, connectDemoWallet, demoSession, dialog } from './support/demoSession.js'
import { textsIn } from './support/languages.js'
import { screenshot } from './support/page.js'

const demo = inject('demo')
const visitor = privateKeyToAccount(demo.config.walletKeys[0]!).address

const demoPages = demoSession()

/** The demo opened in a language (`?locale=`), once its connect button reads in it. */
async function openIn(tag: string) {
  const t = await textsIn(tag)
  const entry = await demoPages.open(`${demo.url}?locale=${tag}`)
  await expect
    .poll(() => connectButton(entry.page).textContent(), { timeout: 15_000 })
    .toBe(t('connect.button'))
  return { ...entry, t }
}

const heading = (page: Page) => dialog(page).getByRole('heading', { level: 2 })

/** The modal's root element's attribute (it renders in a shadow root). */
const rootAttribute = (page: Page, name: string) =>
  page
    .locator('gangway-modal')
    .evaluate(
      (host, attribute) => host.shadowRoot?.querySelector('.gw-root')?.getAttribute(attribute),
      name,
    )

describe('languages (issue 22)', () => {
  test.each(['de', 'ja', 'ar'])(
    'behavior: a visitor in %s reads Connect, Account and Send in their language',
    async (tag) => {
      const { page, t, consoleErrors } = await openIn(tag)
      await connectButton(page).click()
      await expect
        .poll(() => heading(page).textContent(), { timeout: 15_000 })
        .toBe(t('connect.title'))
      expect(await rootAttribute(page, 'lang')).toBe(tag)
      expect(await dialog(page).textContent()).not.toContain('Connect a wallet')
      await page.keyboard.press('Escape')
      await connectDemoWallet(page, visitor)
      await connectButton(page).click()
      await expect
        .poll(() => heading(page).textContent(), { timeout: 15_000 })
        .toBe(t('account.title'))
      await dialog(page)
        .getByRole('tab', { name: t('account.tab.tokens') })
        .waitFor()
      await dialog(page)
        .getByRole('button', { name: t('action.send'), exact: true })
        .click()
      // The send view's own copy arrives with it, in the visitor's language, never English first.
      await expect
        .poll(() => heading(page).textContent(), { timeout: 15_000 })
        .toBe(t('send.title'))
      await dialog(page).getByLabel(t('send.amount')).waitFor()
      expect(await dialog(page).getByLabel('Amount').count()).toBe(0)
      expect(consoleErrors).toEqual([])
    },
  )

  test('behavior: in Arabic the modal is mirrored: dir="rtl", the close button on the left, tabs run right to left; axe finds nothing', async () => {
    const { page, t } = await openIn('ar')
    await connectButton(page).click()
    await expect
      .poll(() => heading(page).textContent(), { timeout: 15_000 })
      .toBe(t('connect.title'))
    expect(await rootAttribute(page, 'dir')).toBe('rtl')
    const close = (await dialog(page)
      .getByRole('button', { name: t('modal.close') })
      .boundingBox())!
    const title = (await heading(page).boundingBox())!
    expect(close.x + close.width).toBeLessThanOrEqual(title.x)
    // A wallet's name starts at the right, next to its icon there.
    const wallet = dialog(page).getByRole('button', { name: 'Demo Wallet (development key)' })
    const [icon, name] = await Promise.all([
      wallet.locator('img').first().boundingBox(),
      wallet.getByText('Demo Wallet (development key)').boundingBox(),
    ])
    expect(icon!.x).toBeGreaterThan(name!.x)
    await expectNoAxeViolations(page, 'Connect (ar)')
    await screenshot(page, 'rtl-connect')

    await page.keyboard.press('Escape')
    await connectDemoWallet(page, visitor)
    await connectButton(page).click()
    await expect
      .poll(() => heading(page).textContent(), { timeout: 15_000 })
      .toBe(t('account.title'))
    const tokens = dialog(page).getByRole('tab', { name: t('account.tab.tokens') })
    const activity = dialog(page).getByRole('tab', { name: t('tab.activity') })
    // Right to left the second tab stands left of the first, and the left arrow reaches it.
    expect((await activity.boundingBox())!.x).toBeLessThan((await tokens.boundingBox())!.x)
    await tokens.focus()
    await page.keyboard.press('ArrowLeft')
    await expect
      .poll(() => activity.getAttribute('aria-selected'), { timeout: 15_000 })
      .toBe('true')
    await expectNoAxeViolations(page, 'Account (ar)')

    // Back stands on the right and points right, away from the text it returns from.
    await dialog(page)
      .getByRole('button', { name: t('action.send'), exact: true })
      .click()
    await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe(t('send.title'))
    const back = dialog(page).getByRole('button', { name: t('modal.back') })
    expect((await back.boundingBox())!.x).toBeGreaterThan((await heading(page).boundingBox())!.x)
    expect(await back.evaluate((element) => getComputedStyle(element).transform)).toBe(
      'matrix(-1, 0, 0, 1, 0, 0)',
    )
  })

  test('behavior: left to right the close button stays on the right', async () => {
    const { page, t } = await openIn('en')
    await connectButton(page).click()
    await expect
      .poll(() => heading(page).textContent(), { timeout: 15_000 })
      .toBe(t('connect.title'))
    expect(await rootAttribute(page, 'dir')).toBe('ltr')
    const close = (await dialog(page)
      .getByRole('button', { name: t('modal.close') })
      .boundingBox())!
    const title = (await heading(page).boundingBox())!
    expect(close.x).toBeGreaterThanOrEqual(title.x + title.width)
  })

  test('behavior: the language chosen in the page switches the open modal; Japanese arrives when chosen', async () => {
    const { page } = await openIn('en')
    const ja = await textsIn('ja')
    await page.locator('[data-demo="locale"]').selectOption('ja')
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 15_000 })
      .toBe(ja('connect.button'))
    await connectButton(page).click()
    await expect
      .poll(() => heading(page).textContent(), { timeout: 15_000 })
      .toBe(ja('connect.title'))
    expect(await rootAttribute(page, 'dir')).toBe('ltr')
  })
})
