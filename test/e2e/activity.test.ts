import { createServer } from 'node:net'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { transactionGroupTitle, truncateAddress } from '../../src/kernel/index.js'
import {
  chooseSendToken,
  connectButton,
  connectDemoWallet,
  demoSession,
  dialog,
} from './support/demoSession.js'
import { screenshot } from './support/page.js'

const demo = inject('demo')
const [main] = demo.config.chains
const reader = createPublicClient({ transport: http(main!.rpcUrl) })
const visitor = privateKeyToAccount(demo.config.walletKeys[0]!).address

const session = demoSession()
const fresh = (url = demo.url) => session.fresh(url)

const activity = (page: Page) => dialog(page).locator('[data-gangway="activity"]')
const itemTo = (page: Page, address: string) =>
  activity(page).locator('[data-gangway="activity-item"]', { hasText: truncateAddress(address) })

const connect = (page: Page) => connectDemoWallet(page, visitor)

async function send(page: Page, amount: string, receiver: string, token?: string) {
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  if (token) await chooseSendToken(page, token)
  await dialog(page).getByLabel('Amount').fill(amount)
  await dialog(page).getByLabel('Receiver address').fill(receiver)
  await dialog(page).getByRole('button', { name: 'Review' }).click()
  await dialog(page).getByRole('button', { name: 'Send now' }).click()
}

/** A loopback port nothing listens on: the data service "down". */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('activity (issue 13)', () => {
  test('behavior: sends made in the modal appear at once and then as confirmed; the server lists them after a reopen, newest first, under this month', async () => {
    const { page } = await fresh()
    await connect(page)
    await connectButton(page).click()
    // The Account view opens on Tokens; the arrow key moves to the Activity tab and selects it.
    const tokensTab = dialog(page).getByRole('tab', { name: 'Tokens' })
    expect(await tokensTab.getAttribute('aria-selected')).toBe('true')
    await tokensTab.focus()
    await page.keyboard.press('ArrowRight')
    await activity(page).waitFor()
    expect(
      await dialog(page).getByRole('tab', { name: 'Activity' }).getAttribute('aria-selected'),
    ).toBe('true')
    expect(
      await page.evaluate(
        () => document.querySelector('gangway-modal')?.shadowRoot?.activeElement?.textContent,
      ),
    ).toBe('Activity')
    const receiver = privateKeyToAccount(generatePrivateKey()).address

    await send(page, '0.25', receiver)
    await expect.poll(() => itemTo(page, receiver).count()).toBe(1)
    await expect
      .poll(() => itemTo(page, receiver).getAttribute('data-status'), { timeout: 15_000 })
      .toBe('confirmed')
    expect(await itemTo(page, receiver).textContent()).toContain('−0.25 ETH')
    await expect.poll(() => reader.getBalance({ address: receiver })).toBe(parseEther('0.25'))

    await send(page, '7.12345', receiver, demo.config.token.symbol)
    await expect.poll(() => itemTo(page, receiver).count()).toBe(2)
    await screenshot(page, 'activity-after-sends')

    // Closing and opening again asks the data service; its indexed record replaces the local one.
    await page.keyboard.press('Escape')
    await connectButton(page).click()
    await expect
      .poll(async () => (await itemTo(page, receiver).allTextContents()).join(' | '), {
        timeout: 15_000,
      })
      .toMatch(/Sent to .*Confirmed.*−7\.123 GDT.*\|.*Sent to .*Confirmed.*−0\.25 ETH/)
    // The indexed token transfer carries the operator's token icon (an inline image here).
    expect(
      await itemTo(page, receiver).first().locator('img.gw-transfer-icon').getAttribute('src'),
    ).toMatch(/^data:image\/svg\+xml,/)
    const title = transactionGroupTitle(new Date().toISOString(), new Date().getUTCFullYear())
    expect(await activity(page).locator('.gw-section').allTextContents()).toContain(title)
    expect(await activity(page).getByRole('alert').count()).toBe(0)
  })

  test('behavior: with the data service down the list says so in the spec’s words; balance and sending still work', async () => {
    const port = await closedPort()
    const { page } = await fresh(`${demo.url}?service=http://127.0.0.1:${port}`)
    await connect(page)
    await connectButton(page).click()
    await dialog(page).getByRole('tab', { name: 'Activity' }).click()
    await expect
      .poll(() => activity(page).getByRole('alert').textContent(), { timeout: 15_000 })
      .toContain('Failed to fetch transactions')
    expect(await activity(page).textContent()).not.toContain('No activity yet.')
    await expect
      .poll(() => dialog(page).locator('[data-gangway="balance"]').textContent())
      .toMatch(/ETH$/)

    const receiver = privateKeyToAccount(generatePrivateKey()).address
    await send(page, '0.5', receiver)
    await expect.poll(() => reader.getBalance({ address: receiver })).toBe(parseEther('0.5'))
    // The send still shows, from the kit's own record.
    await expect.poll(() => itemTo(page, receiver).count()).toBe(1)
  })
})

describe('ActivityList outside the modal (issue 22 item 20)', () => {
  test('behavior: placed in the page below KitProvider, it loads its feature and lists the account’s activity instead of loading forever', async () => {
    const { page, consoleErrors } = await fresh(`${demo.url}?activity`)
    await connect(page)
    // The modal was never opened on Account: only the list in the page asks.
    const inPage = page.locator('main [data-gangway="activity"]')
    await expect
      .poll(() => inPage.locator('[data-gangway="activity-item"]').count(), { timeout: 20_000 })
      .toBeGreaterThan(0)
    await expect.poll(() => inPage.textContent()).not.toContain('Loading activity…')
    expect(consoleErrors).toEqual([])
  })
})
