/**
 * Bitcoin in the demo, in Chromium: the demo Bitcoin wallet (Wallet Standard `bitcoin:connect`,
 * keys in the demo process) on the local regtest node, read through the Gangway server's
 * Esplora-shaped API. Connect, the balance from the node, a send whose review shows the fee and
 * total before the wallet is asked (axe-checked), mined with exactly that fee; a reload keeps the
 * connection without a prompt; disconnecting leaves the EVM wallet connected.
 */

import type { Page } from 'playwright-core'
import { formatUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { truncateAddress } from '../../src/kernel/index.js'
import { createBitcoinTestWallet } from '../../src/testing/node.js'
import { formatAmount } from '../../src/ui/copy/formatAmount.js'
import { freshKey } from '../support/bitcoin.js'
import { expectNoAxeViolations } from './support/axe.js'
import { connectButton, demoSession, dialog } from './support/demoSession.js'
import { type OpenedDemo, screenshot } from './support/page.js'

const demo = inject('demo')
const { esploraUrl, walletName, walletAddresses } = demo.config.bitcoin
const payment = walletAddresses[0]!
const evmAddress = privateKeyToAccount(demo.config.walletKeys[0]!).address
const EVM_WALLET = 'Demo Wallet (development key)'
const NETWORK = 'Bitcoin Regtest'

const demoPages = demoSession()

const networkButton = (page: Page) => page.locator('[data-gangway="network-button"]')
const heading = (page: Page) => dialog(page).getByRole('heading', { level: 2 }).textContent()

interface Utxo {
  txid: string
  value: number
  status: { confirmed: boolean }
}
const utxos = async (address: string) =>
  (await (await fetch(`${esploraUrl}/address/${address}/utxo`)).json()) as Utxo[]
const sats = async (address: string) =>
  (await utxos(address)).reduce((sum, utxo) => sum + BigInt(utxo.value), 0n)
/** Satoshis as the account view writes bitcoin: the kit's own formatting, 3 places, never rounded up. */
const asBtc = (amount: bigint) => `${formatAmount('en', formatUnits(amount, 8), 3)} BTC`

async function pickNetwork(page: Page, name: string) {
  await networkButton(page).click()
  await dialog(page)
    .getByRole('button', { name: new RegExp(`^${name}( ·.*)?$`) })
    .click()
  await expect.poll(() => networkButton(page).textContent()).toBe(name)
}

/** The page with the demo Bitcoin wallet connected (and the EVM one, when asked). */
async function connectBitcoin(withEvm = false): Promise<OpenedDemo> {
  const entry = await demoPages.open(demo.url)
  const { page } = entry
  if (withEvm) {
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: EVM_WALLET }).click()
    await expect
      .poll(() => connectButton(page).textContent())
      .toContain(truncateAddress(evmAddress))
  }
  if (!withEvm) {
    await pickNetwork(page, NETWORK)
    await connectButton(page).click()
  } else {
    // The EVM wallet stays in use while the modal asks for a Bitcoin wallet for this network.
    await networkButton(page).click()
    await dialog(page)
      .getByRole('button', { name: new RegExp(`^${NETWORK}( ·.*)?$`) })
      .click()
    await expect.poll(() => heading(page)).toBe('Connect a wallet')
  }
  await dialog(page).getByRole('button', { name: walletName }).click()
  await expect.poll(() => connectButton(page).textContent()).toContain(truncateAddress(payment))
  return entry
}

describe('the demo Bitcoin wallet', () => {
  test('default: connects on the regtest node; the account shows its address and the balance the node reports', async () => {
    const { page, consoleErrors } = await connectBitcoin()
    await connectButton(page).click()
    await expect
      .poll(() => dialog(page).locator('[data-gangway="address"]').textContent())
      .toBe(truncateAddress(payment))
    await expect
      .poll(() => dialog(page).locator('[data-gangway="balance"]').textContent())
      .toBe(asBtc(await sats(payment)))
    await screenshot(page, 'bitcoin-account')
    await expectNoAxeViolations(page, 'Bitcoin Account')
    expect(consoleErrors).toEqual([])
  })

  test('behavior: a send shows its fee and total before the wallet is asked, and is mined moving exactly that', async () => {
    const { page } = await connectBitcoin()
    const receiver = createBitcoinTestWallet({ privateKeys: [freshKey()] }).accounts[0]!.address
    const before = await sats(payment)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await dialog(page).getByLabel('Amount').fill('0.001')
    await dialog(page).getByLabel('Receiver address').fill(receiver)
    await expectNoAxeViolations(page, 'Bitcoin Send')
    await dialog(page).getByRole('button', { name: 'Review' }).click()
    const fee = dialog(page).locator('[data-gangway="send-fee"]')
    await expect.poll(() => fee.textContent(), { timeout: 10_000 }).toMatch(/^0\.0000\d+ BTC/)
    const standard = (await fee.textContent())!
    const feeSats = BigInt(Math.round(Number(/^([\d.]+)/.exec(standard)![1]) * 1e8))
    const total = (100_000n + feeSats).toString().padStart(9, '0')
    expect(await dialog(page).locator('[data-gangway="send-total"]').textContent()).toBe(
      `${total.slice(0, -8)}.${total.slice(-8)} BTC`,
    )
    await screenshot(page, 'bitcoin-send-review')
    await expectNoAxeViolations(page, 'Bitcoin Send review with fee')
    // Faster confirmation costs more, and the review says so before anything is signed.
    await dialog(page).getByRole('radio', { name: 'Instant' }).check()
    await expect
      .poll(async () => Number(/^([\d.]+)/.exec((await fee.textContent()) ?? '')?.[1] ?? 0))
      .toBeGreaterThan(Number(feeSats) / 1e8)
    await dialog(page).getByRole('radio', { name: 'Standard' }).check()
    await expect.poll(() => fee.textContent()).toBe(standard)
    await dialog(page).getByRole('button', { name: 'Send now' }).click()
    await expect
      .poll(
        async () => (await utxos(receiver)).map((utxo) => [utxo.value, utxo.status.confirmed]),
        {
          timeout: 20_000,
        },
      )
      .toEqual([[100_000, true]])
    expect(await sats(payment)).toBe(before - 100_000n - feeSats)
  })

  test('behavior: a reload reconnects the Bitcoin wallet silently, on the family last used', async () => {
    const { page } = await connectBitcoin()
    await page.reload()
    await expect.poll(() => connectButton(page).textContent()).toContain(truncateAddress(payment))
    expect(await networkButton(page).textContent()).toBe(NETWORK)
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
  })

  test('behavior: sign-in with the Bitcoin wallet: a BIP-322 signature the Gangway server verifies and keeps (axe on the sign view)', async () => {
    const entry = await demoPages.open(`${demo.url}?siwx=required&siwxServer`)
    const { page, consoleErrors } = entry
    await pickNetwork(page, NETWORK)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: walletName }).click()
    await expect
      .poll(() => dialog(page).locator('[data-gangway="siwx-network"]').textContent())
      .toBe(NETWORK)
    await screenshot(page, 'bitcoin-sign-in')
    await expectNoAxeViolations(page, 'Bitcoin Sign in')
    await dialog(page).getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => dialog(page).count()).toBe(0)
    const session = await page.evaluate(() => {
      const state = (
        window as unknown as {
          gangwayKit: {
            getState(): {
              siwx?: { sessions: { message: string; data: { chainId: string } }[] }
            }
          }
        }
      ).gangwayKit.getState()
      return state.siwx?.sessions[0]
    })
    expect(session?.data.chainId).toMatch(/^bip122:/)
    expect(session?.message).toContain(
      `wants you to sign in with your Bitcoin account:\n${payment}`,
    )
    // The server kept it: the account's one live session there, read with the token it issued.
    const stored = await page.evaluate(
      (key) => localStorage.getItem(key),
      `gangway:siwx-tokens:bip122:${payment}`,
    )
    const [token] = Object.values(JSON.parse(stored ?? '{}') as Record<string, string>)
    const read = await fetch(`${demo.config.serviceUrl}/v1/sessions/${payment}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(read.status).toBe(200)
    expect(await read.json()).toMatchObject({ sessions: expect.arrayContaining([session]) })
    expect(consoleErrors).toEqual([])
  })

  test('behavior: disconnecting the Bitcoin wallet leaves the EVM one connected', async () => {
    const { page } = await connectBitcoin(true)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
    await expect
      .poll(() => connectButton(page).textContent())
      .toContain(truncateAddress(evmAddress))
    expect(await networkButton(page).textContent()).toBe('Anvil')
  })
})
