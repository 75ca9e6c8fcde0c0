/**
 * Issue 22's finish, as a visitor sees it in Chromium on the demo: the Tokens tab lists what the
 * account holds (tokens swapped into included) with icons and USD values from the data service;
 * Max; the send review; readable activity; the price-impact warning; the error copy.
 */
import type { Page } from 'playwright-core'
import { createPublicClient, formatEther, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { formatAmount } from '../../src/ui/index.js'
import { connectButton, connectDemoWallet, demoSession, dialog } from './support/demoSession.js'
import { screenshot } from './support/page.js'

const demo = inject('demo')
const visitor = privateKeyToAccount(demo.config.walletKeys[0]!).address
const session = demoSession()
const [main] = demo.config.chains
const reader = createPublicClient({ transport: http(main!.rpcUrl) })

/** Runs `body` with the demo's third account holding exactly `wei`, then gives it back its own. */
async function withSpareAccount(wei: bigint, body: (address: `0x${string}`) => Promise<void>) {
  const spare = privateKeyToAccount(demo.config.walletKeys[2]!).address
  const before = await reader.getBalance({ address: spare })
  const setBalance = (value: bigint) =>
    reader.request({
      method: 'anvil_setBalance' as never,
      params: [spare, `0x${value.toString(16)}`] as never,
    })
  await setBalance(wei)
  try {
    await body(spare)
  } finally {
    await setBalance(before)
  }
}

/** Connects the demo wallet and moves it to its third account. */
async function connectSpare(page: Page, spare: string) {
  await connectDemoWallet(page, visitor)
  await page.evaluate(() =>
    (
      window as unknown as { gangwayDemoWallet: { switchAccount(index: number): void } }
    ).gangwayDemoWallet.switchAccount(2),
  )
  await expect.poll(() => connectButton(page).textContent()).toContain(spare.slice(-6))
}

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
  test('behavior: the Tokens tab lists a token swapped into, with icons and USD values, and the account total in USD (defect 2); the swap reads as a swap in Activity, with its time and hash (defect 12)', async () => {
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

    // Defect 12: the swap reads as a swap, with both tokens, when it happened, and its hash.
    await dialog(page).getByRole('tab', { name: 'Activity' }).click()
    const swapItem = dialog(page)
      .locator('[data-gangway="activity-item"]', { hasText: 'Swapped' })
      .first()
    await swapItem.waitFor({ timeout: 20_000 })
    const amounts = await swapItem.locator('[data-gangway="activity-amount"]').allTextContents()
    expect(amounts).toContain('−0.01 ETH')
    expect(amounts.some((text) => /^\+[\d,.]+ DAI$/.test(text))).toBe(true)
    expect(await swapItem.textContent()).not.toMatch(/\bto 0x/)
    expect(await swapItem.locator('[data-gangway="activity-time"]').textContent()).toMatch(
      /^(now|\d+ seconds? ago|1 minute ago)$/,
    )
    // No explorer for the local chain: the hash can be copied instead.
    expect(await swapItem.locator('[data-gangway="activity-copy-hash"]').textContent()).toBe(
      'Copy hash',
    )
    // A value never breaks across lines.
    expect(
      await swapItem
        .locator('[data-gangway="activity-amount"]')
        .first()
        .evaluate((element) => getComputedStyle(element).whiteSpace),
    ).toBe('nowrap')
    await screenshot(page, 'activity-swap')
    expect(consoleErrors).toEqual([])
  }, 180_000)

  test('behavior: Max in Send fills the native balance less its gas; the review shows network, fee estimate, USD value and the whole receiver address; the Max send is mined (Max, defect 11)', async () => {
    await withSpareAccount(parseEther('1'), async (spare) => {
      const { page, consoleErrors } = await session.fresh(demo.url)
      await connectSpare(page, spare)
      await connectButton(page).click()
      await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
      const amount = dialog(page).getByLabel('Amount')
      await dialog(page).getByRole('button', { name: 'Max', exact: true }).click()
      await expect.poll(() => amount.inputValue(), { timeout: 15_000 }).not.toBe('')
      const max = parseEther((await amount.inputValue()).replace(/,/g, ''))
      // Something is kept for gas, and not more than a little.
      expect(max < parseEther('1')).toBe(true)
      expect(max > parseEther('0.99')).toBe(true)
      expect(await dialog(page).locator('[data-gangway="send-fiat"]').textContent()).toMatch(
        /^≈ \$2,9\d\d\.\d\d$/,
      )
      const receiver = privateKeyToAccount(demo.config.walletKeys[1]!).address
      await dialog(page).getByLabel('Receiver address').fill(receiver)
      await dialog(page).getByRole('button', { name: 'Review' }).click()
      const review = dialog(page).locator('[data-gangway="send-review"]')
      expect(await review.locator('[data-gangway="send-review-network"]').textContent()).toBe(
        main!.name,
      )
      expect(await review.locator('[data-gangway="send-review-receiver"]').textContent()).toBe(
        receiver,
      )
      expect(await review.locator('[data-gangway="send-review-fiat"]').textContent()).toMatch(
        /^\$2,9\d\d\.\d\d$/,
      )
      const fee = dialog(page).locator('[data-gangway="send-fee"]')
      await expect
        .poll(() => fee.textContent(), { timeout: 15_000 })
        .toMatch(/^0\.\d+ ETH · (\$|< \$)/)
      // The wallet sets the fee on EVM: no speed to pick.
      expect(await dialog(page).getByRole('radio').count()).toBe(0)
      await screenshot(page, 'send-review')
      const receiverBefore = await reader.getBalance({ address: receiver })
      await dialog(page).getByRole('button', { name: 'Send now' }).click()
      await expect
        .poll(() => reader.getBalance({ address: receiver }), { timeout: 20_000 })
        .toBe(receiverBefore + max)
      const left = await reader.getBalance({ address: spare })
      expect(left > 0n, `left ${formatEther(left)}`).toBe(true)
      expect(consoleErrors).toEqual([])
    })
  }, 180_000)

  test('behavior: the header shows what the balance is worth in USD beside it, as the visitor’s language writes money; Max in Swap fills the ETH balance less the swap’s gas, and the swap can be reviewed', async () => {
    await withSpareAccount(parseEther('1'), async (spare) => {
      const { page, consoleErrors } = await session.fresh(demo.url)
      await connectSpare(page, spare)
      const headerFiat = connectButton(page).locator('[data-gangway="header-fiat"]')
      await expect
        .poll(() => headerFiat.textContent(), { timeout: 15_000 })
        .toMatch(/^\$[\d,]+\.\d\d$/)
      // The same value the Account's ETH row shows.
      await connectButton(page).click()
      await expect
        .poll(() => tokenRow(page, 'ETH').locator('[data-gangway="token-fiat"]').textContent(), {
          timeout: 15_000,
        })
        .toBe(await headerFiat.textContent())
      await page.keyboard.press('Escape')
      await page.locator('[data-demo="locale"]').selectOption('de')
      // German writes money as 2.999,99 $.
      await expect.poll(() => headerFiat.textContent()).toMatch(/^[\d.]+,\d\d\s\$$/)
      await page.locator('[data-demo="locale"]').selectOption('en')
      await expect.poll(() => headerFiat.textContent()).toMatch(/^\$/)

      await connectButton(page).click()
      await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
      await dialog(page).getByRole('button', { name: 'Select token' }).first().click()
      await dialog(page).getByRole('searchbox', { name: 'Search tokens' }).fill('USDC')
      await dialog(page).getByRole('button', { name: 'USDC', exact: true }).first().click()
      const pay = dialog(page).getByRole('textbox', { name: 'You pay', exact: true })
      await dialog(page).locator('[data-gangway="swap-max"]').click()
      await expect.poll(() => pay.inputValue(), { timeout: 15_000 }).not.toBe('1')
      const max = parseEther((await pay.inputValue()).replace(/,/g, ''))
      // Gas is kept back, and not more than a little.
      expect(max < parseEther('1')).toBe(true)
      expect(max > parseEther('0.99')).toBe(true)
      const action = dialog(page).locator('[data-gangway="swap-action"]')
      await expect.poll(() => action.textContent(), { timeout: 15_000 }).toBe('Review swap')
      await screenshot(page, 'swap-max')
      expect(consoleErrors).toEqual([])
    })
  }, 180_000)

  test('behavior: an approval in Activity reads Approved with its amount and token, decoded from the token’s log, not a contract call (defect 12)', async () => {
    await withSpareAccount(parseEther('1'), async (spare) => {
      const { page, consoleErrors } = await session.fresh(demo.url)
      await connectSpare(page, spare)
      await connectButton(page).click()
      await swapEthFor(page, 'USDC', '0.01')
      // All the USDC held, so whatever an earlier run approved is too little: an approval is due.
      await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
      await dialog(page)
        .getByRole('button', { name: /^Token you pay/ })
        .click()
      await dialog(page).getByRole('searchbox', { name: 'Search tokens' }).fill('USDC')
      await dialog(page).getByRole('button', { name: 'USDC', exact: true }).first().click()
      await dialog(page)
        .getByRole('button', { name: /^(Token you receive|Select token)/ })
        .first()
        .click()
      await dialog(page).getByRole('searchbox', { name: 'Search tokens' }).fill('DAI')
      await dialog(page).getByRole('button', { name: 'DAI', exact: true }).first().click()
      const pay = dialog(page).getByRole('textbox', { name: 'You pay', exact: true })
      await dialog(page).locator('[data-gangway="swap-max"]').click()
      await expect.poll(() => pay.inputValue(), { timeout: 15_000 }).not.toBe('1')
      const approved = await pay.inputValue()
      const action = dialog(page).locator('[data-gangway="swap-action"]')
      await expect.poll(() => action.textContent(), { timeout: 15_000 }).toBe('Approve USDC')
      await action.click()
      await expect.poll(() => action.textContent(), { timeout: 20_000 }).toBe('Review swap')
      await dialog(page).getByRole('button', { name: 'Back' }).click()
      await dialog(page).getByRole('tab', { name: 'Activity' }).click()
      const item = dialog(page)
        .locator('[data-gangway="activity-item"]', { hasText: 'Approved' })
        .first()
      await item.waitFor({ timeout: 20_000 })
      expect(await item.locator('[data-gangway="activity-title"]').textContent()).toBe(
        `Approved ${formatAmount('en', approved.replace(/,/g, ''), 3)} USDC`,
      )
      expect(await item.textContent()).not.toMatch(/Contract call|\bto 0x/)
      await screenshot(page, 'activity-approval')
      expect(consoleErrors).toEqual([])
    })
  }, 180_000)

  test('behavior: a high price impact warns, a very high one needs the visitor to accept it before Swap; the slippage can be set, within bounds (defect 7)', async () => {
    const { page } = await session.fresh(demo.url)
    await connectDemoWallet(page, visitor)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
    await dialog(page).getByRole('button', { name: 'Select token' }).first().click()
    await dialog(page).getByRole('searchbox', { name: 'Search tokens' }).fill('UNI')
    await dialog(page).getByRole('button', { name: 'UNI', exact: true }).first().click()
    const pay = dialog(page).getByRole('textbox', { name: 'You pay', exact: true })
    const impact = dialog(page).locator('[data-gangway="swap-price-impact"]')
    // 10 ETH into a 100 ETH pool: about 9 %, a warning in the danger colour.
    await pay.fill('10')
    await expect.poll(() => impact.getAttribute('data-level'), { timeout: 15_000 }).toBe('warning')
    expect(await impact.getAttribute('role')).toBe('alert')
    expect(await impact.textContent()).toMatch(/^High price impact/)
    // 50 ETH: about a third of the value lost.
    await pay.fill('50')
    await expect.poll(() => impact.getAttribute('data-level'), { timeout: 15_000 }).toBe('high')
    // The slippage: out of bounds is refused in words next to the field; a valid one is used.
    const slippage = dialog(page).getByLabel('Slippage tolerance (%)')
    await slippage.fill('60')
    expect(await slippage.getAttribute('aria-invalid')).toBe('true')
    const describedBy = await slippage.getAttribute('aria-describedby')
    expect(await dialog(page).locator(`#${describedBy}`).textContent()).toBe(
      'Enter a slippage above 0 and at most 50 %',
    )
    await slippage.fill('2.5')
    expect(await slippage.getAttribute('aria-invalid')).toBe('false')
    const action = dialog(page).locator('[data-gangway="swap-action"]')
    await expect.poll(() => action.textContent(), { timeout: 15_000 }).toBe('Review swap')
    await action.click()
    const preview = dialog(page).locator('[data-gangway="swap-preview"]')
    expect(await preview.locator('[data-gangway="swap-slippage"]').textContent()).toContain('2.5 %')
    const swapButton = preview.getByRole('button', { name: 'Swap', exact: true })
    expect(await swapButton.isDisabled()).toBe(true)
    await preview.locator('[data-gangway="swap-impact-confirm"] input').check()
    expect(await swapButton.isDisabled()).toBe(false)
    await screenshot(page, 'swap-preview-high-impact')
    await preview.getByRole('button', { name: 'Cancel' }).click()
  }, 180_000)

  test('behavior: Send says one thing per problem, in the error colour next to its field: a bad amount, a name, a wrong checksum, not an address; the fields have placeholders (defect 9)', async () => {
    const { page } = await session.fresh(demo.url)
    await connectDemoWallet(page, visitor)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    const amount = dialog(page).getByLabel('Amount')
    const receiver = dialog(page).getByLabel('Receiver address')
    expect(await amount.getAttribute('placeholder')).toBe('0.0')
    expect(await receiver.getAttribute('placeholder')).toBe('0x…')
    /** The text the field's aria-describedby points at, and its colour. */
    const problemOf = (field: typeof amount) =>
      field.evaluate((element) => {
        const id = element.getAttribute('aria-describedby')
        const problem = id ? (element.getRootNode() as ShadowRoot).getElementById(id) : null
        return problem
          ? { text: problem.textContent ?? '', color: getComputedStyle(problem).color }
          : null
      })
    const danger = await dialog(page).evaluate((element) => {
      const probe = document.createElement('span')
      probe.style.color = 'var(--gw-danger)'
      element.appendChild(probe)
      const color = getComputedStyle(probe).color
      probe.remove()
      return color
    })
    await amount.fill('0')
    await expect
      .poll(() => problemOf(amount))
      .toEqual({ text: 'Please enter a valid amount', color: danger })
    await receiver.fill('vitalik.eth')
    await expect
      .poll(async () => (await problemOf(receiver))?.text)
      .toBe('Names are not supported here: enter the address')
    const other = privateKeyToAccount(demo.config.walletKeys[1]!).address
    const index = [...other].findIndex((char, at) => at > 1 && /[a-fA-F]/.test(char))
    const char = other[index]!
    const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()
    await receiver.fill(`${other.slice(0, index)}${flipped}${other.slice(index + 1)}`)
    await expect
      .poll(async () => (await problemOf(receiver))?.text)
      .toBe('This address has a wrong capital letter (checksum): copy it again from its source')
    await receiver.fill('hello')
    await expect
      .poll(async () => (await problemOf(receiver))?.text)
      .toBe('This is not a valid address on this network')
    // Nothing joined with a slash anywhere in the view.
    expect(await dialog(page).textContent()).not.toMatch(/\w \/ \w/)
  })
})
