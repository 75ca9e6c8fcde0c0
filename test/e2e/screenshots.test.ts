/**
 * Pictures of the views a visitor reaches most, in every mode the modal has: dark, light, a
 * 360 px phone and right to left (Arabic), saved to `test-results/screenshots/<mode>-<view>.png`
 * for people to look at (issue 22: "Chromium screenshots ... produced by a test run"). The test
 * asserts that each view was reached and that axe finds nothing on it; the pictures themselves
 * are artifacts, never compared.
 */
import type { BrowserContextOptions, Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { expectNoAxeViolations } from './support/axe.js'
import { connectButton, connectDemoWallet, demoSession, dialog } from './support/demoSession.js'
import { textsIn } from './support/languages.js'
import { screenshot } from './support/page.js'

const demo = inject('demo')
const visitor = privateKeyToAccount(demo.config.walletKeys[0]!).address
const receiver = privateKeyToAccount(demo.config.walletKeys[1]!).address

const demoPages = demoSession()

interface Mode {
  readonly name: string
  readonly query: string
  readonly tag: string
  readonly options?: BrowserContextOptions
}

const MODES: readonly Mode[] = [
  { name: 'dark', query: '', tag: 'en' },
  { name: 'light', query: '?theme=light', tag: 'en' },
  { name: '360px', query: '', tag: 'en', options: { viewport: { width: 360, height: 740 } } },
  { name: 'rtl', query: '?locale=ar', tag: 'ar' },
]

const heading = (page: Page) => dialog(page).getByRole('heading', { level: 2 })

async function capture(page: Page, mode: Mode, view: string) {
  await expectNoAxeViolations(page, `${mode.name} ${view}`)
  await screenshot(page, `${mode.name}-${view}`)
}

/**
 * A review's facts read as a table: each label (`dt`) on the same line as its value (`dd`), the
 * label on the reading side (left, or right in a right-to-left language), the value across from it.
 */
async function expectFactsSideBySide(page: Page, selector: string, mode: Mode) {
  const rows = await dialog(page)
    .locator(`${selector} dt`)
    .evaluateAll((terms) =>
      terms.map((term) => {
        const value = term.nextElementSibling
        const a = term.getBoundingClientRect()
        const b = value?.getBoundingClientRect()
        return {
          label: term.textContent,
          a: { top: a.top, left: a.left, right: a.right },
          b: b ? { top: b.top, left: b.left, right: b.right } : null,
        }
      }),
    )
  expect(rows.length).toBeGreaterThan(1)
  for (const { label, a, b } of rows) {
    expect(b, `${mode.name}: ${label} has a value`).not.toBeNull()
    expect(
      Math.abs(a.top - b!.top),
      `${mode.name}: ${label} and its value share a line`,
    ).toBeLessThan(4)
    if (mode.tag === 'ar')
      expect(a.left, `${mode.name}: ${label} reads first`).toBeGreaterThan(b!.left)
    else expect(a.left, `${mode.name}: ${label} reads first`).toBeLessThan(b!.left)
  }
}

/** Closes the modal with its close button, as a visitor does, and waits until it is gone. */
async function closeModal(page: Page, closeLabel: string) {
  await dialog(page).getByRole('button', { name: closeLabel, exact: true }).click()
  await expect.poll(() => dialog(page).count()).toBe(0)
}

describe('screenshots of the main views in every mode (issue 22)', () => {
  test.each(MODES)(
    'behavior: $name: Connect, Account, Send review, Swap review and Activity are reached; axe finds nothing on any',
    { timeout: 180_000 },
    async (mode) => {
      const t = await textsIn(mode.tag)
      const entry = await demoPages.open(`${demo.url}${mode.query}`, mode.options)
      const { page } = entry
      await expect
        .poll(() => connectButton(page).textContent(), { timeout: 15_000 })
        .toBe(t('connect.button'))

      await connectButton(page).click()
      await expect
        .poll(() => heading(page).textContent(), { timeout: 15_000 })
        .toBe(t('connect.title'))
      await capture(page, mode, 'connect')
      await closeModal(page, t('modal.close'))

      await connectDemoWallet(page, visitor)
      await connectButton(page).click()
      await expect
        .poll(() => heading(page).textContent(), { timeout: 15_000 })
        .toBe(t('account.title'))
      await dialog(page)
        .getByRole('tab', { name: t('account.tab.tokens') })
        .waitFor()
      await capture(page, mode, 'account')

      await dialog(page)
        .getByRole('button', { name: t('action.send'), exact: true })
        .click()
      await dialog(page).getByLabel(t('send.amount')).fill('0.01')
      await dialog(page).getByLabel(t('send.receiver')).fill(receiver)
      await dialog(page)
        .getByRole('button', { name: t('send.review'), exact: true })
        .click()
      await dialog(page)
        .getByRole('button', { name: t('send.confirm'), exact: true })
        .waitFor()
      await expectFactsSideBySide(page, '[data-gangway="send-review"]', mode)
      await capture(page, mode, 'send-review')
      await closeModal(page, t('modal.close'))

      await connectButton(page).click()
      await dialog(page)
        .getByRole('button', { name: t('action.swap'), exact: true })
        .click()
      const pay = dialog(page).getByRole('textbox', { name: t('swap.pay'), exact: true })
      await pay.waitFor()
      await dialog(page)
        .getByRole('button', { name: t('swap.selectToken') })
        .first()
        .click()
      await dialog(page)
        .getByRole('searchbox', { name: t('swap.search') })
        .fill('USDC')
      await dialog(page).getByRole('button', { name: 'USDC', exact: true }).first().click()
      await pay.fill('0.5')
      const action = dialog(page).locator('[data-gangway="swap-action"]')
      await expect.poll(() => action.textContent(), { timeout: 20_000 }).toBe(t('swap.review'))
      await action.click()
      await dialog(page).locator('[data-gangway="swap-preview"]').waitFor()
      await expectFactsSideBySide(page, '[data-gangway="swap-preview"] dl', mode)
      await capture(page, mode, 'swap-review')
      await closeModal(page, t('modal.close'))

      await connectButton(page).click()
      await dialog(page)
        .getByRole('tab', { name: t('tab.activity') })
        .click()
      const activity = dialog(page).locator('[data-gangway="activity"]')
      await activity.waitFor()
      await expect
        .poll(() => activity.textContent(), { timeout: 15_000 })
        .not.toContain(t('activity.loading'))
      // No raw message id heads the list, and an item's status and time read on one line.
      expect((await activity.textContent()) ?? '').not.toMatch(/\b[a-z]+\.[a-z]+\.[a-z]+\b/i)
      const item = activity.locator('[data-gangway="activity-item"]').first()
      const [status, time] = await Promise.all([
        item.locator('[data-gangway="activity-status"]').boundingBox(),
        item.locator('[data-gangway="activity-time"]').boundingBox(),
      ])
      expect(
        Math.abs((status?.y ?? 0) - (time?.y ?? 100)),
        `${mode.name}: status and time share a line`,
      ).toBeLessThan(4)
      await capture(page, mode, 'activity')
      expect(entry.consoleErrors).toEqual([])
    },
  )
})
