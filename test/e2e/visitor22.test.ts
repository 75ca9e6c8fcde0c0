/**
 * What a visitor noticed in issue 22 (items 3, 4, 5, 13, 14, 6, 18), checked where they noticed
 * it: in Chromium against the demo on its local nodes.
 */
import { Keypair } from '@solana/web3.js'
import type { Page } from 'playwright-core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { truncateAddress } from '../../src/kernel/index.js'
import { expectNoAxeViolations } from './support/axe.js'
import {
  chooseSendToken,
  connectButton,
  connectDemoWallet,
  DEMO_WALLET,
  demoSession,
  dialog,
} from './support/demoSession.js'

const demo = inject('demo')
const visitor = privateKeyToAccount(demo.config.walletKeys[0]!).address
const solanaAddress = demo.config.solana.walletAddresses[0]!
const SOLANA_WALLET = demo.config.solana.walletName

const session = demoSession()
const fresh = (path = '', options: Parameters<typeof session.fresh>[1] = {}) =>
  session.fresh(`${demo.url}${path}`, options)

const networkButton = (page: Page) => page.locator('[data-gangway="network-button"]')
const heading = (page: Page) => dialog(page).getByRole('heading', { level: 2 }).textContent()
const statusLine = (page: Page) =>
  dialog(page).locator('[data-gangway="transaction-status"] .gw-tx-status')

/**
 * Records, from now on, every change of what the modal shows of a transaction: the snack's text
 * and the status line's state, in the order the visitor saw them.
 */
async function recordTimeline(page: Page) {
  await page.evaluate(() => {
    const root = document.querySelector('gangway-modal')!.shadowRoot!
    const log: { snack: string; status: string }[] = []
    Object.assign(window, { gangwayTimeline: log })
    const check = () => {
      const snack = [...root.querySelectorAll('.gw-snack')].map((node) => node.textContent).join()
      const status =
        root
          .querySelector('[data-gangway="transaction-status"] .gw-tx-status')
          ?.getAttribute('data-status') ?? ''
      const last = log.at(-1)
      if (!last || last.snack !== snack || last.status !== status) log.push({ snack, status })
    }
    new MutationObserver(check).observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    })
    check()
  })
}

const timeline = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { gangwayTimeline: { snack: string; status: string }[] })
        .gangwayTimeline,
  )

/** Sends from the open Account view and waits until the status line says it is confirmed. */
async function send(page: Page, amount: string, receiver: string, token?: string) {
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  if (token) await chooseSendToken(page, token)
  await dialog(page).getByLabel('Amount').fill(amount)
  await dialog(page).getByLabel('Receiver address').fill(receiver)
  await dialog(page).getByRole('button', { name: 'Review' }).click()
  await recordTimeline(page)
  await dialog(page).getByRole('button', { name: 'Send now' }).click()
  await expect
    .poll(() => statusLine(page).getAttribute('data-status'), { timeout: 20_000 })
    .toBe('confirmed')
}

/** 'Transaction started' shows while the send is pending, never beside 'confirmed'. */
async function expectStartedBeforeConfirmed(page: Page) {
  const seen = await timeline(page)
  const started = seen.findIndex((entry) => entry.snack.includes('Transaction started'))
  const confirmed = seen.findIndex((entry) => entry.status === 'confirmed')
  expect(confirmed).toBeGreaterThan(-1)
  if (started !== -1) expect(started).toBeLessThan(confirmed)
  expect(
    seen.filter(
      (entry) => entry.snack.includes('Transaction started') && entry.status === 'confirmed',
    ),
    JSON.stringify(seen),
  ).toEqual([])
}

async function pickNetwork(page: Page, name: string) {
  await networkButton(page).click()
  await dialog(page)
    .getByRole('button', { name: new RegExp(`^${name}( ·.*)?$`) })
    .click()
}

describe('the transaction status line (item 3)', () => {
  test('behavior: a send reads pending then confirmed in a live region, its hash copyable (no explorer here); gone on another network, after closing, and in a new flow', async () => {
    const { page, context } = await fresh()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await connectDemoWallet(page, visitor)
    await connectButton(page).click()
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    await send(page, '0.01', receiver)
    const line = statusLine(page)
    expect(await line.textContent()).toContain('Transaction confirmed:')
    // Announced: the line sits in a polite live region.
    const region = dialog(page).locator('[data-gangway="transaction-status"]')
    expect(await region.getAttribute('role')).toBe('status')
    expect(await region.getAttribute('aria-live')).toBe('polite')
    // The demo's chains name no explorer: the whole hash is copied instead.
    expect(await line.getByRole('link').count()).toBe(0)
    await line.getByRole('button', { name: 'Copy transaction hash' }).click()
    await expect.poll(() => line.getByRole('button').textContent()).toBe('Hash copied')
    const hash = await page.evaluate(() => navigator.clipboard.readText())
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await line.locator('[title]').first().getAttribute('title')).toBe(hash)
    await expectNoAxeViolations(page, 'Account with a transaction status')

    // A new flow: opening Send and coming back leaves no old line.
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await dialog(page).getByRole('button', { name: 'Back' }).click()
    await dialog(page).locator('[data-gangway="address"]').waitFor()
    expect(await line.count()).toBe(0)

    // Another network, and closing the modal.
    await send(page, '0.01', receiver)
    await page.keyboard.press('Escape')
    await connectButton(page).click()
    await dialog(page).locator('[data-gangway="address"]').waitFor()
    expect(await line.count()).toBe(0)
    await send(page, '0.01', receiver)
    await page.keyboard.press('Escape')
    await pickNetwork(page, demo.config.chains[1]!.name)
    await expect.poll(() => networkButton(page).textContent()).toBe(demo.config.chains[1]!.name)
    await connectButton(page).click()
    await dialog(page).locator('[data-gangway="address"]').waitFor()
    expect(await line.count()).toBe(0)
  })

  test('behavior: a swap says it went through, with its hash, back on the account', async () => {
    const { page } = await fresh()
    await connectDemoWallet(page, visitor)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
    await dialog(page).getByRole('button', { name: 'Select token' }).first().click()
    await dialog(page).getByRole('searchbox', { name: 'Search tokens' }).fill('USDC')
    await dialog(page).getByRole('button', { name: 'USDC', exact: true }).first().click()
    await dialog(page).getByRole('textbox', { name: 'You pay', exact: true }).fill('0.01')
    const action = dialog(page).locator('[data-gangway="swap-action"]')
    await expect.poll(() => action.textContent(), { timeout: 15_000 }).toBe('Review swap')
    await action.click()
    await dialog(page)
      .locator('[data-gangway="swap-preview"]')
      .getByRole('button', { name: 'Swap', exact: true })
      .click()
    await expect
      .poll(() => statusLine(page).textContent(), { timeout: 20_000 })
      .toMatch(/^Swap confirmed: 0x/)
    expect(await statusLine(page).getAttribute('data-status')).toBe('confirmed')
  })
})

describe("the 'Transaction started' snack (item 4)", () => {
  test('behavior: it shows while an ETH send is pending, never after the view says confirmed', async () => {
    const { page } = await fresh()
    await connectDemoWallet(page, visitor)
    await connectButton(page).click()
    await send(page, '0.01', privateKeyToAccount(generatePrivateKey()).address)
    await expectStartedBeforeConfirmed(page)
  })

  test('behavior: the same for SOL and for the demo SPL token', async () => {
    const { page } = await fresh()
    await connectDemoWallet(page, visitor)
    // Ethereum stays in use while the modal asks for a Solana wallet (item 14).
    await pickNetwork(page, 'Solana Localnet')
    await dialog(page).getByRole('button', { name: SOLANA_WALLET }).click()
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 20_000 })
      .toContain(truncateAddress(solanaAddress))
    await connectButton(page).click()
    await send(page, '0.01', Keypair.generate().publicKey.toBase58())
    await expectStartedBeforeConfirmed(page)
    await send(page, '1', Keypair.generate().publicKey.toBase58(), demo.config.solana.token.symbol)
    await expectStartedBeforeConfirmed(page)
  })
})

describe('a reload (item 5)', () => {
  test('behavior: both families connected, Ethereum active on its second network: after a reload the same family and network, and the header never offers Connect Wallet while the session comes back', async () => {
    const { page } = await fresh()
    const second = demo.config.chains[1]!.name
    await connectDemoWallet(page, visitor)
    // Ethereum stays in use while the modal asks for a Solana wallet (item 14).
    await pickNetwork(page, 'Solana Localnet')
    await dialog(page).getByRole('button', { name: SOLANA_WALLET }).click()
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 20_000 })
      .toContain(truncateAddress(solanaAddress))
    await pickNetwork(page, second)
    await expect.poll(() => networkButton(page).textContent()).toBe(second)
    await expect.poll(() => connectButton(page).textContent()).toContain(truncateAddress(visitor))

    // Every text the header's button shows from the first paint of the reloaded page.
    await page.addInitScript(() => {
      const seen: string[] = []
      Object.assign(window, { gangwayButtonTexts: seen })
      new MutationObserver(() => {
        const text = document.querySelector('[data-gangway="connect-button"]')?.textContent ?? ''
        if (text && seen.at(-1) !== text) seen.push(text)
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    await page.reload()
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 20_000 })
      .toContain(truncateAddress(visitor))
    expect(await networkButton(page).textContent()).toBe(second)
    const texts = await page.evaluate(
      () => (window as unknown as { gangwayButtonTexts: string[] }).gangwayButtonTexts,
    )
    expect(texts).not.toContain('Connect Wallet')
    // The other family is still there.
    await pickNetwork(page, 'Solana Localnet')
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 20_000 })
      .toContain(truncateAddress(solanaAddress))
  })
})

/** How many verified sign-in sessions the page's kit holds. */
const sessionCount = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          gangwayKit: { getState(): { siwx?: { sessions: unknown[] } } }
        }
      ).gangwayKit.getState().siwx?.sessions.length ?? 0,
  )

describe('sign-in (item 13)', () => {
  test('behavior: required: the × shakes and says why; once signed, the account says so and signs out', async () => {
    const { page } = await fresh('?siwx=required')
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: DEMO_WALLET }).click()
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Sign in')
    await dialog(page).getByRole('button', { name: 'Close' }).click()
    expect(await dialog(page).getAttribute('data-shaking')).toBe('true')
    await expect
      .poll(() => dialog(page).locator('[data-gangway="siwx-required"]').textContent())
      .toBe('This site needs you to sign in. Sign in, or cancel sign-in to disconnect.')
    expect(await heading(page)).toBe('Sign in')
    await dialog(page).getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => dialog(page).count(), { timeout: 15_000 }).toBe(0)
    // Signed in: the session is kept and the page behind the modal is back.
    await expect.poll(() => sessionCount(page)).toBe(1)
    await expect
      .poll(() => connectButton(page).evaluate((element) => element.closest('[inert]') === null))
      .toBe(true)
    await connectButton(page).click()
    const status = dialog(page).locator('[data-gangway="siwx-status"]')
    await expect.poll(() => status.textContent()).toContain('Signed in with this account')
    await expectNoAxeViolations(page, 'Account, signed in')
    await status.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => connectButton(page).textContent()).toBe('Connect Wallet')
  })

  test('behavior: optional: a dismissed sign-in can be reopened from the account', async () => {
    const { page } = await fresh('?siwx=optional')
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: DEMO_WALLET }).click()
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Sign in')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).count()).toBe(0)
    await connectButton(page).click()
    const status = dialog(page).locator('[data-gangway="siwx-status"]')
    await expect.poll(() => status.textContent()).toContain('Not signed in')
    await status.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Sign in')
    await dialog(page).getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => dialog(page).count(), { timeout: 15_000 }).toBe(0)
    await connectButton(page).click()
    await expect.poll(() => status.textContent()).toContain('Signed in with this account')
    // Optional: signing out keeps the wallet connected.
    await status.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => status.textContent()).toContain('Not signed in')
    expect(await connectButton(page).textContent()).toContain(truncateAddress(visitor))
  })
})

/** Header buttons' texts that overflow their box without an ellipsis (clipped mid-word). */
const clippedHeaderTexts = (page: Page) =>
  page.evaluate(() => {
    const clipped: string[] = []
    for (const button of document.querySelectorAll('header [data-gangway]')) {
      for (const element of [button, ...button.querySelectorAll('*')]) {
        const ownText = [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        )
        if (!ownText) continue
        const overflows = element.scrollWidth > element.clientWidth + 1
        const ellipsis = getComputedStyle(element).textOverflow === 'ellipsis'
        // Clipped: wider than its box with no ellipsis, or inside a box that clips it.
        const outer = element === button ? null : button
        const cut = outer
          ? element.getBoundingClientRect().right > outer.getBoundingClientRect().right + 1
          : false
        if ((overflows && !ellipsis) || cut) clipped.push(element.textContent ?? '')
      }
    }
    return clipped
  })

describe('a 360 px header (item 6)', () => {
  test('behavior: the header buttons shorten with an ellipsis, never clipped, disconnected and connected, in German too', async () => {
    const { page } = await fresh('', { viewport: { width: 360, height: 740 } })
    await page.locator('[data-demo="locale"]').selectOption('de')
    await expect.poll(() => connectButton(page).textContent()).toBe('Wallet verbinden')
    expect(await clippedHeaderTexts(page)).toEqual([])
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: DEMO_WALLET }).click()
    await expect.poll(() => dialog(page).count()).toBe(0)
    await expect.poll(() => connectButton(page).textContent()).toContain('…')
    expect(await clippedHeaderTexts(page)).toEqual([])
    // The account's short address reads whole; the balance gives way to it on a phone.
    const address = connectButton(page).locator('[data-gangway="header-address"]')
    expect(await address.evaluate((span) => span.scrollWidth <= span.clientWidth)).toBe(true)
    expect(await address.textContent()).toMatch(/^0x[0-9a-fA-F]{2}…[0-9a-fA-F]{6}$/)
  })
})

describe('the modal card (item 18)', () => {
  test('behavior: the header stays in view in a long view, and the card keeps its top between views', async () => {
    const { page } = await fresh('', { viewport: { width: 800, height: 480 } })
    await connectButton(page).click()
    const card = dialog(page)
    await expect.poll(() => heading(page)).toBe('Connect a wallet')
    // Past the card's 180 ms entrance.
    await page.waitForTimeout(300)
    const connectTop = (await card.boundingBox())!.y
    await dialog(page).getByRole('button', { name: DEMO_WALLET }).click()
    await expect.poll(() => dialog(page).count()).toBe(0)
    await networkButton(page).click()
    await expect.poll(() => heading(page)).toBe('Choose a network')
    await page.waitForTimeout(300)
    expect(Math.abs((await card.boundingBox())!.y - connectTop)).toBeLessThan(1)
    // The network list is longer than the card: scrolled to its end, the header is still there.
    await card.evaluate((element) => {
      element.scrollTop = element.scrollHeight
    })
    const box = (await card.boundingBox())!
    const title = (await dialog(page).getByRole('heading', { level: 2 }).boundingBox())!
    expect(await card.evaluate((element) => element.scrollTop)).toBeGreaterThan(0)
    expect(title.y).toBeGreaterThanOrEqual(box.y)
    expect(title.y + title.height).toBeLessThanOrEqual(box.y + 64)
    await expectNoAxeViolations(page, 'Networks scrolled')
  })
})

describe('two families connected (item 14)', () => {
  test('behavior: the network list marks only the active network current and shows both connected accounts', async () => {
    const { page } = await fresh()
    await connectDemoWallet(page, visitor)
    // Ethereum stays in use while the modal asks for a Solana wallet (item 14).
    await pickNetwork(page, 'Solana Localnet')
    await dialog(page).getByRole('button', { name: SOLANA_WALLET }).click()
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 20_000 })
      .toContain(truncateAddress(solanaAddress))
    await networkButton(page).click()
    await expect.poll(() => heading(page)).toBe('Choose a network')
    const current = dialog(page).locator('[aria-current="true"]')
    await expect.poll(() => current.count()).toBe(1)
    expect(await current.textContent()).toContain('Solana Localnet')
    expect(await dialog(page).locator('[data-gangway="family-account"]').allTextContents()).toEqual(
      [truncateAddress(visitor), truncateAddress(solanaAddress)],
    )
    // Which of the two accounts the site is using: Solana's, said once, under its family.
    const inUse = dialog(page).locator('[data-gangway="family-in-use"]')
    expect(await inUse.count()).toBe(1)
    expect(await dialog(page).getByRole('region', { name: 'Solana' }).textContent()).toContain(
      `${truncateAddress(solanaAddress)} · in use`,
    )
    await expectNoAxeViolations(page, 'Networks with two families connected')
  })

  test('behavior: with only Ethereum connected, picking a Solana network asks for a Solana wallet and keeps the Ethereum account in use until one connects', async () => {
    const { page } = await fresh()
    const anvil = demo.config.chains[0]!.name
    await connectDemoWallet(page, visitor)
    await pickNetwork(page, 'Solana Localnet')
    // Taken to connect a wallet of that family, told why, with only that family's wallets.
    await expect.poll(() => heading(page)).toBe('Connect a wallet')
    expect(await dialog(page).locator('[data-gangway="connect-for-network"]').textContent()).toBe(
      'To use Solana Localnet, connect a Solana wallet.',
    )
    await dialog(page).getByRole('button', { name: SOLANA_WALLET }).waitFor()
    expect(await dialog(page).getByRole('button', { name: DEMO_WALLET }).count()).toBe(0)
    // No disconnect: the header still shows the Ethereum account on its network.
    expect(await connectButton(page).textContent()).toContain(truncateAddress(visitor))
    expect(await networkButton(page).textContent()).toBe(anvil)
    await expectNoAxeViolations(page, 'Connect for a Solana network')

    // Backing out changes nothing.
    await dialog(page).getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => heading(page)).toBe('Choose a network')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).count()).toBe(0)
    expect(await connectButton(page).textContent()).toContain(truncateAddress(visitor))
    expect(await networkButton(page).textContent()).toBe(anvil)

    // Connecting the Solana wallet lands on the picked network, and Ethereum stays connected.
    await pickNetwork(page, 'Solana Localnet')
    await dialog(page).getByRole('button', { name: SOLANA_WALLET }).click()
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 20_000 })
      .toContain(truncateAddress(solanaAddress))
    expect(await networkButton(page).textContent()).toBe('Solana Localnet')
    // The data service prices no Solana balance: the header shows no USD value (never '$0.00').
    await expect.poll(() => connectButton(page).textContent(), { timeout: 20_000 }).toMatch(/ SOL/)
    expect(await connectButton(page).locator('[data-gangway="header-fiat"]').count()).toBe(0)
    await networkButton(page).click()
    expect(await dialog(page).locator('[data-gangway="family-account"]').allTextContents()).toEqual(
      [truncateAddress(visitor), truncateAddress(solanaAddress)],
    )
  })
})
