/**
 * The §4 swap flow in Chromium, in the demo with its demo wallet, against the demo's Uniswap V2
 * (loaded from a saved anvil state) and the Gangway server's convert API: native → token, then a
 * token → token swap that needs an approval; axe finds nothing on the swap views.
 */
import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { expectNoAxeViolations } from './support/axe.js'
import { connectButton, connectDemoWallet, demoSession, dialog } from './support/demoSession.js'
import { screenshot } from './support/page.js'

const demo = inject('demo')
const [main] = demo.config.chains
const reader = createPublicClient({ transport: http(main!.rpcUrl) })
const visitor = privateKeyToAccount(demo.config.walletKeys[0]!).address

const action = (page: Page) => dialog(page).locator('[data-gangway="swap-action"]')
const balanceOf = (symbol: string) =>
  reader.readContract({
    address: demo.config.amm.tokens[symbol]!.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [visitor],
  })
/** The exact quote the kit holds (the view shows it to 6 decimals). */
const quoted = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as { gangwayKit: { getState(): { swap?: { toTokenAmount: string } } } }
      ).gangwayKit.getState().swap?.toTokenAmount ?? '',
  )

const session = demoSession()

async function openSwap(page: Page) {
  await connectButton(page).click()
  await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
  await dialog(page).getByRole('textbox', { name: 'You pay', exact: true }).waitFor()
}

async function pick(page: Page, side: 'pay' | 'receive', symbol: string) {
  const chooser =
    side === 'pay'
      ? dialog(page).getByRole('button', { name: /^Token you pay/ })
      : dialog(page)
          .getByRole('button', { name: /^(Token you receive|Select token)/ })
          .first()
  await chooser.click()
  await dialog(page).getByRole('searchbox', { name: 'Search tokens' }).fill(symbol)
  await dialog(page).getByRole('button', { name: symbol, exact: true }).first().click()
  await dialog(page).getByRole('textbox', { name: 'You pay', exact: true }).waitFor()
}

async function swapAndWait(page: Page) {
  await expect.poll(() => action(page).textContent(), { timeout: 15_000 }).toBe('Review swap')
  await action(page).click()
  const preview = dialog(page).locator('[data-gangway="swap-preview"]')
  await preview.waitFor()
  return preview
}

describe('swap in the demo (issue 14)', () => {
  test('behavior: the whole flow with the demo wallet: ETH → USDC, then USDC → DAI with an approval; axe finds nothing', async () => {
    const entry = await session.fresh(demo.url)
    const { page } = entry
    await connectDemoWallet(page, visitor)
    // Account offers Swap before Send (§9 wallet feature order).
    await connectButton(page).click()
    await expect
      .poll(() =>
        dialog(page)
          .getByRole('button', { name: /^(Swap|Send)$/ })
          .allTextContents(),
      )
      .toEqual(['Swap', 'Send'])
    await page.keyboard.press('Escape')

    await openSwap(page)
    // §4: the native token with amount 1 to start with.
    expect(
      await dialog(page).getByRole('textbox', { name: 'You pay', exact: true }).inputValue(),
    ).toBe('1')
    await expectNoAxeViolations(page, 'Swap')
    await dialog(page).getByRole('button', { name: 'Select token' }).first().click()
    await dialog(page).getByRole('searchbox', { name: 'Search tokens' }).waitFor()
    await expectNoAxeViolations(page, 'SwapSelectToken')
    await dialog(page).getByRole('button', { name: 'USDC', exact: true }).click()
    await dialog(page).getByRole('textbox', { name: 'You pay', exact: true }).fill('0.5')
    const preview = await swapAndWait(page)
    await expectNoAxeViolations(page, 'SwapPreview')
    expect(await preview.textContent()).toMatch(/Swap 0\.5 ETH for [\d,.]+ USDC/)
    expect(await preview.locator('[data-gangway="swap-fee"]').textContent()).toContain('0.85 %')
    expect(await preview.locator('[data-gangway="swap-minimum"]').textContent()).toMatch(/USDC$/)
    expect(await preview.locator('[data-gangway="swap-network"]').textContent()).toContain('ETH')
    // Issue 19: the preview says where the output goes and which contract is called, as the kit
    // read them from the call data it checked against the demo's router.
    expect(await preview.locator('[data-gangway="swap-recipient"]').textContent()).toContain(
      `${visitor.slice(0, 4)}…${visitor.slice(-6)}`,
    )
    const router = demo.config.amm.feeRouter
    expect(await preview.locator('[data-gangway="swap-router"]').textContent()).toContain(
      `${router.slice(0, 4)}…${router.slice(-6)}`,
    )
    await screenshot(page, 'swap-preview')
    const usdcQuote = parseUnits(await quoted(page), 6)
    const usdcBefore = await balanceOf('USDC')
    await preview.getByRole('button', { name: 'Swap', exact: true }).click()
    // §4: once it went through, the flow resets and the visitor is back on the account.
    await expect
      .poll(() => dialog(page).getByRole('button', { name: 'Send', exact: true }).count(), {
        timeout: 15_000,
      })
      .toBe(1)
    await expect.poll(() => balanceOf('USDC')).toBe(usdcBefore + usdcQuote)

    // Token → token: the allowance is too low, so the button approves first.
    await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
    await dialog(page).getByRole('textbox', { name: 'You pay', exact: true }).waitFor()
    await pick(page, 'pay', 'USDC')
    await pick(page, 'receive', 'DAI')
    await dialog(page).getByRole('textbox', { name: 'You pay', exact: true }).fill('100')
    await expect.poll(() => action(page).textContent(), { timeout: 15_000 }).toBe('Approve USDC')
    await screenshot(page, 'swap-approve')
    await action(page).click()
    const daiPreview = await swapAndWait(page)
    const daiQuote = parseUnits(await quoted(page), 18)
    const [usdcAfterApproval, daiBefore] = await Promise.all([balanceOf('USDC'), balanceOf('DAI')])
    await daiPreview.getByRole('button', { name: 'Swap', exact: true }).click()
    await expect.poll(() => balanceOf('DAI'), { timeout: 15_000 }).toBe(daiBefore + daiQuote)
    expect(usdcAfterApproval - (await balanceOf('USDC'))).toBe(parseUnits('100', 6))
    expect(entry.consoleErrors).toEqual([])
  })

  test('behavior: Insufficient balance as the input error; the German catalogue words the views', async () => {
    const { page } = await session.fresh(demo.url)
    await page.locator('[data-demo="locale"]').selectOption('de')
    await connectDemoWallet(page, visitor)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Tauschen', exact: true }).click()
    await dialog(page).getByRole('textbox', { name: 'Sie zahlen', exact: true }).fill('1000000')
    expect(await dialog(page).getByRole('alert').textContent()).toBe('Guthaben nicht ausreichend')
    expect(await action(page).isDisabled()).toBe(true)
    await expectNoAxeViolations(page, 'Swap (de, input error)')
  })

  test('behavior: a pair no pool connects (GDT → USDC) says so in words, on the button and in the snack', async () => {
    const { page } = await session.fresh(demo.url)
    await connectDemoWallet(page, visitor)
    await openSwap(page)
    // The demo token is listed with its name (and the balance held), not by its symbol alone.
    await dialog(page)
      .getByRole('button', { name: /^Token you pay/ })
      .click()
    await dialog(page).getByRole('searchbox', { name: 'Search tokens' }).fill('GDT')
    await dialog(page)
      .getByRole('button', { name: /^GDT Gangway Demo Token/ })
      .first()
      .click()
    await pick(page, 'receive', 'USDC')
    await dialog(page).getByRole('textbox', { name: 'You pay', exact: true }).fill('5')
    await expect
      .poll(() => action(page).textContent(), { timeout: 15_000 })
      .toBe('No swap route between these tokens')
    expect(await action(page).isDisabled()).toBe(true)
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContain('No swap route between these tokens')
    expect(await page.locator('body').textContent()).not.toMatch(/\{\w+\}/)
  })

  test('behavior: a failed service answer reads with its status filled in, in the visitor’s language', async () => {
    const { page } = await session.fresh(demo.url)
    await page.locator('[data-demo="locale"]').selectOption('de')
    // The convert service fails the way any server can; the kit reads the status, not a template.
    await page.route('**/v1/convert/quotes?*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    )
    await connectDemoWallet(page, visitor)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Tauschen', exact: true }).click()
    await dialog(page).getByRole('button', { name: 'Token wählen' }).first().click()
    await dialog(page).getByRole('searchbox', { name: 'Token suchen' }).fill('USDC')
    await dialog(page).getByRole('button', { name: 'USDC', exact: true }).first().click()
    await expect
      .poll(() => action(page).textContent(), { timeout: 15_000 })
      .toBe('HTTP-Statuscode: 503')
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContain('HTTP-Statuscode: 503')
    expect(await page.locator('body').textContent()).not.toMatch(/\{\w+\}/)
  })

  test('behavior: the review headline gives the amount exactly as typed, every decimal of it (issue 22 item 17)', async () => {
    const { page } = await session.fresh(demo.url)
    await connectDemoWallet(page, visitor)
    await openSwap(page)
    await pick(page, 'receive', 'USDC')
    await dialog(page).getByRole('textbox', { name: 'You pay', exact: true }).fill('0.1234567')
    const preview = await swapAndWait(page)
    expect(await preview.locator('p').first().textContent()).toMatch(
      /^Swap 0\.1234567 ETH for [\d,.]+ USDC$/,
    )
  })
})
