/**
 * Three chain families in one page, in Chromium against the demo: the EVM demo wallet on anvil,
 * the Solana demo wallet on the local Solana node and the Polkadot demo extension (an entry of
 * `window.injectedWeb3`) on chopsticks, connected side by side (issue #24).
 */
import type { ApiPromise } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import type { Browser, Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { fromScaledInteger, truncateAddress } from '../../src/kernel/index.js'
import { formatAmount } from '../../src/ui/index.js'
import { apiOf, balanceOf, freshUri } from '../support/polkadot.js'
import { expectNoAxeViolations } from './support/axe.js'
import { launchChromium } from './support/chromium.js'
import { type OpenedDemo, openDemo, screenshot } from './support/page.js'

const demo = inject('demo')
const { polkadot: substrate } = demo.config
const evmAddress = privateKeyToAccount(demo.config.walletKeys[0]!).address
const solanaAddress = demo.config.solana.walletAddresses[0]!
const polkadotAddress = substrate.walletAddresses[0]!
const EVM_WALLET = 'Demo Wallet (development key)'
const SOLANA_WALLET = demo.config.solana.walletName
const POLKADOT_WALLET = substrate.extensionName
const POLKADOT_NETWORK = 'Polkadot Local'
const { symbol, decimals } = substrate.nativeCurrency

let browser: Browser
let api: ApiPromise
const opened: OpenedDemo[] = []
beforeAll(async () => {
  await cryptoWaitReady()
  ;[browser, api] = await Promise.all([launchChromium(), apiOf(substrate.rpcUrl)])
})
afterEach(async () => {
  for (const entry of opened.splice(0)) await entry.context.close()
})
afterAll(async () => {
  await Promise.all([browser?.close(), api?.disconnect()])
})

const dialog = (page: Page) => page.getByRole('dialog')
const connectButton = (page: Page) => page.locator('[data-gangway="connect-button"]')
const networkButton = (page: Page) => page.locator('[data-gangway="network-button"]')
const heading = (page: Page) => dialog(page).getByRole('heading', { level: 2 }).textContent()
const shownBalance = (page: Page) => dialog(page).locator('[data-gangway="balance"]').textContent()
/** The balance as the Account view writes it: three decimals at most, the network's symbol. */
const asShown = (planck: bigint) =>
  `${formatAmount('en', fromScaledInteger(planck, decimals), 3)} ${symbol}`

async function pickNetwork(page: Page, name: string) {
  await networkButton(page).click()
  await expect.poll(() => heading(page)).toBe('Choose a network')
  await dialog(page)
    .getByRole('button', { name: new RegExp(`^${name}( ·.*)?$`) })
    .click()
  await expect.poll(() => networkButton(page).textContent()).toBe(name)
}

/** Each family's connection status, as the page's kit holds it. */
const statuses = (page: Page) =>
  page.evaluate(() => {
    const state = (
      window as unknown as {
        gangwayKit: {
          getState(): {
            namespaces: { entities: Record<string, { accountState: { status: string } }> }
          }
        }
      }
    ).gangwayKit.getState()
    return Object.fromEntries(
      Object.entries(state.namespaces.entities).map(([id, entry]) => [
        id,
        entry.accountState.status,
      ]),
    )
  })

/** Connects the wallet named `wallet` from the Connect view, on the network `network`. */
async function connectOn(page: Page, network: string, wallet: string, address: string) {
  // Another family is connected: the modal asks for a wallet of this one, for this network.
  await networkButton(page).click()
  await dialog(page)
    .getByRole('button', { name: new RegExp(`^${network}( ·.*)?$`) })
    .click()
  await expect.poll(() => heading(page)).toBe('Connect a wallet')
  await dialog(page).getByRole('button', { name: wallet }).click()
  // The first Polkadot connect of a page loads @polkadot/api (the dev server compiles it once).
  await expect
    .poll(() => connectButton(page).textContent(), { timeout: 20_000 })
    .toContain(truncateAddress(address))
}

/** The page with the EVM, Solana and Polkadot demo wallets connected, Polkadot last. */
async function connectAll(url = demo.url): Promise<OpenedDemo> {
  const entry = await openDemo(browser, url)
  opened.push(entry)
  const { page } = entry
  await connectButton(page).click()
  await dialog(page).getByRole('button', { name: EVM_WALLET }).click()
  await expect.poll(() => connectButton(page).textContent()).toContain(truncateAddress(evmAddress))
  await connectOn(page, 'Solana Localnet', SOLANA_WALLET, solanaAddress)
  await connectOn(page, POLKADOT_NETWORK, POLKADOT_WALLET, polkadotAddress)
  return entry
}

const freshReceiver = () => new Keyring({ type: 'sr25519' }).addFromUri(freshUri()).address

describe('a Polkadot extension beside an EVM and a Solana wallet in one page', () => {
  test('default: all three connect; the Polkadot account and balance come from the node; switching family disconnects nothing', async () => {
    const { page, consoleErrors } = await connectAll()
    await connectButton(page).click()
    await expect
      .poll(() => dialog(page).locator('[data-gangway="address"]').textContent())
      .toBe(truncateAddress(polkadotAddress))
    await expect
      .poll(() => shownBalance(page))
      .toBe(asShown((await balanceOf(api, polkadotAddress)).free))
    await expect
      .poll(() => dialog(page).locator('[data-gangway="wallet"]').textContent())
      .toContain(POLKADOT_WALLET)
    await screenshot(page, 'polkadot-account')
    await expectNoAxeViolations(page, 'Polkadot Account')
    await dialog(page)
      .getByRole('button', { name: `Network: ${POLKADOT_NETWORK}` })
      .click()
    await expect
      .poll(() => dialog(page).getByRole('heading', { level: 3 }).allTextContents())
      .toEqual(['Ethereum', 'Solana', 'Polkadot', 'Bitcoin'])
    await expectNoAxeViolations(page, 'Networks with every family')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).count()).toBe(0)

    await pickNetwork(page, 'Anvil')
    await expect
      .poll(() => connectButton(page).textContent())
      .toContain(truncateAddress(evmAddress))
    await pickNetwork(page, POLKADOT_NETWORK)
    await expect
      .poll(() => connectButton(page).textContent())
      .toContain(truncateAddress(polkadotAddress))
    // The demo's Bitcoin wallet is not connected in this test.
    expect(await statuses(page)).toEqual({
      eip155: 'connected',
      solana: 'connected',
      polkadot: 'connected',
      bip122: 'disconnected',
    })
    expect(consoleErrors).toEqual([])
  })

  test('behavior: a send moves exactly the amount to the receiver, the sender pays it and a fee, and the balance shown follows', async () => {
    const { page } = await connectAll()
    const receiver = freshReceiver()
    const before = (await balanceOf(api, polkadotAddress)).free
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await dialog(page).getByLabel('Amount').fill('1.5')
    await dialog(page).getByLabel('Receiver address').fill(receiver)
    await expectNoAxeViolations(page, 'Polkadot Send')
    await dialog(page).getByRole('button', { name: 'Review' }).click()
    await screenshot(page, 'polkadot-send-preview')
    await expectNoAxeViolations(page, 'Polkadot Send preview')
    await dialog(page).getByRole('button', { name: 'Send now' }).click()
    await expect
      .poll(async () => (await balanceOf(api, receiver)).free, { timeout: 20_000 })
      .toBe(15n * 10n ** BigInt(decimals - 1))
    const after = (await balanceOf(api, polkadotAddress)).free
    // The amount and a fee, nothing more: the fee of a transfer is well under 0.01.
    const paid = before - after - 15n * 10n ** BigInt(decimals - 1)
    expect(paid).toBeGreaterThan(0n)
    expect(paid).toBeLessThan(10n ** BigInt(decimals - 2))
    await expect.poll(() => shownBalance(page), { timeout: 20_000 }).toBe(asShown(after))
  })

  test('behavior: a reload reconnects all three families silently, on the family last used', async () => {
    const { page, consoleErrors } = await connectAll()
    await page.reload()
    // The Polkadot reconnect loads @polkadot/api and opens the node connection first: seconds on
    // a busy machine.
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 15_000 })
      .toContain(truncateAddress(polkadotAddress))
    expect(await networkButton(page).textContent()).toBe(POLKADOT_NETWORK)
    await pickNetwork(page, 'Solana Localnet')
    await expect
      .poll(() => connectButton(page).textContent())
      .toContain(truncateAddress(solanaAddress))
    await pickNetwork(page, 'Anvil')
    await expect
      .poll(() => connectButton(page).textContent())
      .toContain(truncateAddress(evmAddress))
    expect(consoleErrors).toEqual([])
  })

  test('behavior: disconnecting the Polkadot extension leaves the EVM and Solana wallets connected', async () => {
    const { page } = await connectAll()
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
    await expect
      .poll(() => statuses(page))
      .toEqual({
        eip155: 'connected',
        solana: 'connected',
        polkadot: 'disconnected',
        bip122: 'disconnected',
      })
    // The kit moves to a family still connected.
    await expect.poll(() => connectButton(page).textContent()).not.toBe('Connect Wallet')
    // A reload does not bring the Polkadot account back.
    await page.reload()
    await expect
      .poll(() => statuses(page))
      .toMatchObject({ eip155: 'connected', solana: 'connected' })
    // Its network asks for a Polkadot wallet again; the account in use stays in the header.
    await networkButton(page).click()
    await dialog(page)
      .getByRole('button', { name: new RegExp(`^${POLKADOT_NETWORK}( ·.*)?$`) })
      .click()
    await expect.poll(() => heading(page)).toBe('Connect a wallet')
    expect(await connectButton(page).textContent()).not.toBe('Connect Wallet')
    expect((await statuses(page)).eip155).toBe('connected')
  })

  test('behavior: hostile injectedWeb3 entries (a throwing getter, 10,000 accounts, an enable that never answers) leave the page responsive and the demo extension usable', async () => {
    const entry = await openDemoWithHostileExtensions()
    const { page } = entry
    await pickNetwork(page, POLKADOT_NETWORK)
    await connectButton(page).click()
    await expect.poll(() => heading(page)).toBe('Connect a wallet')
    // The throwing entry is not listed; the others are, each on its own.
    await expect.poll(() => dialog(page).getByRole('button', { name: 'huge' }).count()).toBe(1)
    expect(await dialog(page).getByRole('button', { name: 'throwing' }).count()).toBe(0)
    await dialog(page).getByRole('button', { name: 'hanging' }).click()
    await expect.poll(() => heading(page)).not.toBe('Connect a wallet')
    // The page answers while the extension does not: the modal closes and opens again at once.
    await dialog(page).getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => dialog(page).count()).toBe(0)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: POLKADOT_WALLET }).click()
    await expect
      .poll(() => connectButton(page).textContent())
      .toContain(truncateAddress(polkadotAddress))
    // 10,000 accounts: the first hundred are read and the junk among them dropped.
    await expect.poll(() => dialog(page).count()).toBe(0)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
    await pickNetwork(page, POLKADOT_NETWORK)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'huge' }).click()
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (
              window as unknown as {
                gangwayKit: {
                  getState(): {
                    namespaces: {
                      entities: Record<string, { accountState: { allAccounts: unknown[] } }>
                    }
                  }
                }
              }
            ).gangwayKit.getState().namespaces.entities.polkadot!.accountState.allAccounts.length,
        ),
      )
      .toBe(2)
    expect(entry.consoleErrors).toEqual([])
  })
})

/** The demo with three hostile entries injected before the page's own scripts run. */
async function openDemoWithHostileExtensions(): Promise<OpenedDemo> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const good = [freshReceiver(), freshReceiver()]
  await context.addInitScript((addresses: string[]) => {
    const page = window as unknown as { injectedWeb3?: Record<string, unknown> }
    page.injectedWeb3 ??= {}
    const injected = page.injectedWeb3
    Object.defineProperty(injected, 'throwing', {
      enumerable: true,
      get: () => {
        throw new Error('boom')
      },
    })
    injected.hanging = { version: '1.0.0', enable: () => new Promise(() => undefined) }
    const junk = [
      { address: '0x1234' },
      { address: 'not an address', type: 'sr25519' },
      {
        get address() {
          throw new Error('boom')
        },
      },
    ]
    const list = [...junk, ...addresses.map((address) => ({ address, type: 'sr25519' }))]
    const accounts = Array.from({ length: 10_000 }, (_, index) => list[index % list.length])
    injected.huge = {
      version: '1.0.0',
      enable: async () => ({
        accounts: { get: async () => accounts, subscribe: () => () => undefined },
        signer: {},
      }),
    }
  }, good)
  const page = await context.newPage()
  const consoleErrors: string[] = []
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.stack ?? error.message}`))
  const response = await page.goto(demo.url, { waitUntil: 'load' })
  const entry = { page, context, response: response!, consoleErrors }
  opened.push(entry)
  return entry
}
