/**
 * What a visitor noticed and issue #11 fixed, checked where they noticed it: in Chromium against
 * the demo on anvil.
 */
import type { Page } from 'playwright-core'
import { createPublicClient, formatEther, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { formatAmount } from '../../src/ui/index.js'
import { expectNoAxeViolations } from './support/axe.js'
import {
  connectButton,
  connectDemoWallet,
  DEMO_WALLET,
  demoSession,
  dialog,
} from './support/demoSession.js'
import { screenshot } from './support/page.js'

const demo = inject('demo')
const [main] = demo.config.chains
const reader = createPublicClient({ transport: http(main!.rpcUrl) })
const visitor = privateKeyToAccount(demo.config.walletKeys[0]!).address

const session = demoSession()
const fresh = (path = '', options: Parameters<typeof session.fresh>[1] = {}) =>
  session.fresh(`${demo.url}${path}`, options)

const heading = (page: Page) => dialog(page).getByRole('heading', { level: 2 }).textContent()

const connect = (page: Page) => connectDemoWallet(page, visitor)

describe('a desktop without a wallet extension (item 22)', () => {
  test('behavior: the minimal page opens Connect with ways to get a wallet, never an unconfigured WalletConnect', async () => {
    const { page, consoleErrors } = await fresh('?bare')
    await connectButton(page).click()
    await expect.poll(() => heading(page)).toBe('Connect a wallet')
    const getMetaMask = dialog(page).getByRole('link', { name: 'Get MetaMask' })
    await getMetaMask.waitFor()
    expect(await getMetaMask.getAttribute('href')).toBe('https://metamask.io/')
    expect(await getMetaMask.getAttribute('rel')).toContain('noopener')
    // Nothing is offered that cannot work here.
    expect(
      await dialog(page)
        .getByRole('button', { name: /WalletConnect/ })
        .count(),
    ).toBe(0)
    expect(await dialog(page).getByRole('button', { name: 'All wallets' }).count()).toBe(0)
    expect(await dialog(page).getByText('Preparing the connection').count()).toBe(0)
    await expectNoAxeViolations(page, 'Connect without a wallet')
    await screenshot(page, 'connect-without-wallet')
    expect(consoleErrors).toEqual([])
  })
})

describe('a phone-sized viewport (item 20)', () => {
  test('behavior: at 360 px the connected button stays on one line and the page title stays in view', async () => {
    const { page } = await fresh('', { viewport: { width: 360, height: 740 } })
    const disconnectedHeight = (await connectButton(page).boundingBox())!.height
    await connect(page)
    await page.keyboard.press('Escape').catch(() => undefined)
    const box = (await connectButton(page).boundingBox())!
    // One line: the same height as the one-line "Connect Wallet" button, and inside the viewport.
    expect(box.height).toBeLessThanOrEqual(disconnectedHeight + 1)
    expect(box.x + box.width).toBeLessThanOrEqual(360)
    const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!
    expect(title.y).toBeGreaterThanOrEqual(0)
    expect(title.y + title.height).toBeLessThanOrEqual(740)
    await screenshot(page, 'connected-360px')
  })
})

describe('what the views say (items 19 and 21)', () => {
  test('behavior: networks are grouped under the family name and picking one from the header closes the picker', async () => {
    const { page } = await fresh()
    await connect(page)
    await page.locator('[data-gangway="network-button"]').click()
    await expect.poll(() => heading(page)).toBe('Choose a network')
    await expect
      .poll(() => dialog(page).getByRole('heading', { level: 3 }).allTextContents())
      .toEqual(['Ethereum', 'Solana', 'Polkadot', 'Bitcoin'])
    await dialog(page).getByRole('button', { name: demo.config.chains[1]!.name }).click()
    await expect.poll(() => dialog(page).count()).toBe(0)
  })

  test('behavior: the account names the connected wallet and shows its icon', async () => {
    const { page } = await fresh()
    await connect(page)
    await connectButton(page).click()
    const wallet = dialog(page).locator('[data-gangway="wallet"]')
    await expect.poll(() => wallet.textContent()).toContain(DEMO_WALLET)
    expect(await wallet.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml,/)
  })

  test('behavior: in German the balance is written the German way', async () => {
    const { page } = await fresh()
    await page.locator('[data-demo="locale"]').selectOption('de')
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: DEMO_WALLET }).click()
    await expect.poll(() => dialog(page).count()).toBe(0)
    await connectButton(page).click()
    const balance = formatEther(await reader.getBalance({ address: visitor }))
    const shown = dialog(page).locator('[data-gangway="balance"]')
    await expect.poll(() => shown.textContent()).toBe(`${formatAmount('de', balance, 3)} ETH`)
    // Thousands grouped with dots, decimals after a comma.
    expect(await shown.textContent()).toMatch(/^\d{1,3}(\.\d{3})+,\d{1,3} ETH$/)
  })

  test('behavior: the Send form judges each field as it is typed: too much, too many decimals, a mistyped checksum (item 18)', async () => {
    const { page } = await fresh()
    await connect(page)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    const amount = dialog(page).getByLabel('Amount')
    const receiver = dialog(page).getByLabel('Receiver address')
    const review = dialog(page).getByRole('button', { name: 'Review' })
    const problemOf = (field: typeof amount) =>
      field.evaluate((element) => {
        const id = element.getAttribute('aria-describedby')
        return id
          ? ((element.getRootNode() as ShadowRoot).getElementById(id)?.textContent ?? '')
          : ''
      })
    const other = privateKeyToAccount(demo.config.walletKeys[1]!).address

    await receiver.fill(other)
    await amount.fill('100000')
    await expect.poll(() => problemOf(amount)).toBe('Insufficient balance')
    expect(await amount.getAttribute('aria-invalid')).toBe('true')
    expect(await review.isDisabled()).toBe(true)
    await amount.fill('0.000000000000000000001')
    await expect.poll(() => problemOf(amount)).toContain('Please enter a valid amount')
    expect(await review.isDisabled()).toBe(true)
    await amount.fill('0.5')
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('false')
    expect(await review.isDisabled()).toBe(false)

    // One letter of the checksummed address in the other case: the wallet would refuse it later.
    const index = [...other].findIndex((char, at) => at > 1 && /[a-fA-F]/.test(char))
    const char = other[index]!
    const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()
    await receiver.fill(`${other.slice(0, index)}${flipped}${other.slice(index + 1)}`)
    await expect
      .poll(() => problemOf(receiver))
      .toBe('This address has a wrong capital letter (checksum): copy it again from its source')
    expect(await review.isDisabled()).toBe(true)
    await receiver.fill(other.toLowerCase())
    await expect.poll(() => review.isDisabled()).toBe(false)
  })

  test('behavior: the Send form starts empty again after the modal was closed and reopened', async () => {
    const { page } = await fresh()
    await connect(page)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await dialog(page).getByLabel('Amount').fill('0.5')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).count()).toBe(0)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    expect(await dialog(page).getByLabel('Amount').inputValue()).toBe('')
  })
})

describe('amounts in the visitor’s language (issue 22 item 8)', () => {
  const kitAmounts = (page: Page) =>
    page.evaluate(() => {
      const state = (
        window as unknown as {
          gangwayKit: {
            getState(): {
              send?: { sendTokenAmount: string | null }
              swap?: { sourceTokenAmount: string }
            }
          }
        }
      ).gangwayKit.getState()
      return { send: state.send?.sendTokenAmount ?? null, swap: state.swap?.sourceTokenAmount }
    })

  test('behavior: German Send and Swap take ‘1,5’ and ‘1.5’ as one and a half, ‘1.500’ as fifteen hundred', async () => {
    const { page } = await fresh()
    await page.locator('[data-demo="locale"]').selectOption('de')
    await connect(page)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Senden', exact: true }).click()
    const amount = dialog(page).getByLabel('Betrag')
    await dialog(page)
      .getByLabel('Empfängeradresse')
      .fill(privateKeyToAccount(demo.config.walletKeys[1]!).address)
    await amount.fill('1,5')
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('false')
    expect((await kitAmounts(page)).send).toBe('1.5')
    // What the visitor typed stays as typed.
    expect(await amount.inputValue()).toBe('1,5')
    await dialog(page).getByRole('button', { name: 'Prüfen' }).click()
    await expect
      .poll(() =>
        dialog(page)
          .getByText(/^1,5 ETH an /)
          .count(),
      )
      .toBe(1)
    await dialog(page)
      .getByRole('button', { name: /^Zurück|^Back/ })
      .first()
      .click()

    await dialog(page).getByLabel('Betrag').fill('1.5')
    await expect.poll(async () => (await kitAmounts(page)).send).toBe('1.5')
    await dialog(page).getByLabel('Betrag').fill('1.500')
    await expect.poll(async () => (await kitAmounts(page)).send).toBe('1500')
    await page.keyboard.press('Escape')

    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Tauschen', exact: true }).click()
    const pay = dialog(page).getByRole('textbox', { name: 'Sie zahlen', exact: true })
    await expect.poll(() => pay.inputValue()).toBe('1')
    await pay.fill('0,25')
    await expect.poll(async () => (await kitAmounts(page)).swap).toBe('0.25')
    expect(await pay.getAttribute('aria-invalid')).toBe('false')
  })

  test('behavior: in English a comma that groups nothing is refused, never read as a decimal point', async () => {
    const { page } = await fresh()
    await connect(page)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    const amount = dialog(page).getByLabel('Amount')
    await amount.fill('1,5')
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true')
    await amount.fill('1,000.5')
    await expect.poll(async () => (await kitAmounts(page)).send).toBe('1000.5')
  })
})

describe('small and empty balances (issue 22 item 17)', () => {
  test('behavior: 0.000852 ETH reads ‘< 0.001 ETH’ (‘< 0,001’ in German), and Tokens lists no token held at 0', async () => {
    const small = privateKeyToAccount(demo.config.walletKeys[2]!).address
    const before = await reader.getBalance({ address: small })
    const setBalance = (wei: bigint) =>
      reader.request({
        method: 'anvil_setBalance' as never,
        params: [small, `0x${wei.toString(16)}`] as never,
      })
    await setBalance(852_000_000_000_000n)
    try {
      const { page } = await fresh()
      await connect(page)
      await page.evaluate(() =>
        (
          window as unknown as { gangwayDemoWallet: { switchAccount(index: number): void } }
        ).gangwayDemoWallet.switchAccount(2),
      )
      await expect.poll(() => connectButton(page).textContent()).toContain('< 0.001 ETH')
      await connectButton(page).click()
      await expect
        .poll(() => dialog(page).locator('[data-gangway="balance"]').textContent())
        .toBe('< 0.001 ETH')
      const tokens = dialog(page).getByRole('list', { name: 'Tokens' })
      // The demo's server prices ETH at $3,000 (issue 22 defect 2: the value beside the amount).
      await expect.poll(() => tokens.locator('li').allTextContents()).toContain('ETH< 0.001$2.55')
      // Only what the account holds: no row for a token at 0. (Other tests may have left this
      // account tokens it does hold, so the list is not compared whole.)
      const rows = await tokens.locator('li').allTextContents()
      expect(rows.filter((row) => /^[A-Z]+0([.,]0+)?(\$0[.,]00)?$/i.test(row))).toEqual([])
      await page.keyboard.press('Escape')
      await page.locator('[data-demo="locale"]').selectOption('de')
      await expect.poll(() => connectButton(page).textContent()).toContain('< 0,001 ETH')
    } finally {
      await setBalance(before)
    }
  })
})
