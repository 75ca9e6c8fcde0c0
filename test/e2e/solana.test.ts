/**
 * Two chain families in one page, in Chromium against the demo: the EVM demo wallet on anvil and
 * the Solana demo wallet on the local Solana node, connected side by side (issue #12).
 */
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
} from '@solana/web3.js'
import type { Page } from 'playwright-core'
import { createPublicClient, formatEther, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { truncateAddress } from '../../src/kernel/index.js'
import { formatAmount } from '../../src/ui/index.js'
import { expectNoAxeViolations } from './support/axe.js'
import { connectButton, demoSession, dialog } from './support/demoSession.js'
import { type OpenedDemo, screenshot } from './support/page.js'

const demo = inject('demo')
const [main] = demo.config.chains
const evmReader = createPublicClient({ transport: http(main!.rpcUrl) })
const solanaReader = new Connection(demo.config.solana.rpcUrl, 'confirmed')
const evmAddress = privateKeyToAccount(demo.config.walletKeys[0]!).address
const solanaAddress = demo.config.solana.walletAddresses[0]!
const EVM_WALLET = 'Demo Wallet (development key)'
const SOLANA_WALLET = demo.config.solana.walletName

const demoPages = demoSession()

const networkButton = (page: Page) => page.locator('[data-gangway="network-button"]')
const heading = (page: Page) => dialog(page).getByRole('heading', { level: 2 }).textContent()

async function chooseNetwork(page: Page, name: string) {
  await networkButton(page).click()
  await dialog(page)
    .getByRole('button', { name: new RegExp(`^${name}( ·.*)?$`) })
    .click()
}

async function pickNetwork(page: Page, name: string) {
  await chooseNetwork(page, name)
  await expect.poll(() => networkButton(page).textContent()).toBe(name)
}

/** The page with the EVM wallet connected on Anvil and the Solana wallet on Solana Localnet. */
async function connectBoth(): Promise<OpenedDemo> {
  const entry = await demoPages.open(demo.url)
  const { page } = entry
  await connectButton(page).click()
  await dialog(page).getByRole('button', { name: EVM_WALLET }).click()
  await expect.poll(() => connectButton(page).textContent()).toContain(truncateAddress(evmAddress))
  // Solana is not connected yet: the modal asks for a Solana wallet, Ethereum stays in use.
  await chooseNetwork(page, 'Solana Localnet')
  await expect.poll(() => heading(page)).toBe('Connect a wallet')
  await dialog(page).getByRole('button', { name: SOLANA_WALLET }).click()
  // The first Solana connect downloads the plugin's chain code: seconds on a busy machine.
  await expect
    .poll(() => connectButton(page).textContent(), { timeout: 15_000 })
    .toContain(truncateAddress(solanaAddress))
  return entry
}

const solBalance = async (address: string) =>
  BigInt(await solanaReader.getBalance(new PublicKey(address)))
const asSol = (lamports: bigint) =>
  `${formatAmount('en', (Number(lamports) / LAMPORTS_PER_SOL).toString(), 3)} SOL`

describe('an EVM and a Solana wallet in one page', () => {
  test('default: both connect; each family shows its own account and balance from its node; switching family disconnects nothing', async () => {
    const { page, consoleErrors } = await connectBoth()
    await connectButton(page).click()
    await expect
      .poll(() => dialog(page).locator('[data-gangway="address"]').textContent())
      .toBe(truncateAddress(solanaAddress))
    await expect
      .poll(() => dialog(page).locator('[data-gangway="balance"]').textContent())
      .toBe(asSol(await solBalance(solanaAddress)))
    await expect
      .poll(() => dialog(page).locator('[data-gangway="wallet"]').textContent())
      .toContain(SOLANA_WALLET)
    // The demo SPL token, named as the site lists it.
    await expect
      .poll(() => dialog(page).getByRole('list', { name: 'Tokens' }).textContent())
      .toContain(demo.config.solana.token.symbol)
    await screenshot(page, 'solana-account')
    await expectNoAxeViolations(page, 'Solana Account')
    await dialog(page).getByRole('button', { name: 'Network: Solana Localnet' }).click()
    await expect
      .poll(() => dialog(page).getByRole('heading', { level: 3 }).allTextContents())
      .toEqual(['Ethereum', 'Solana', 'Polkadot', 'Bitcoin'])
    await expectNoAxeViolations(page, 'Networks with two families')
    await page.keyboard.press('Escape')

    // Back to the EVM family: its account, and the Solana one still connected.
    await pickNetwork(page, 'Anvil')
    await expect
      .poll(() => connectButton(page).textContent())
      .toContain(truncateAddress(evmAddress))
    const status = await page.evaluate(() => {
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
    expect(status).toEqual({
      eip155: 'connected',
      solana: 'connected',
      polkadot: 'disconnected',
      bip122: 'disconnected',
    })
    expect(consoleErrors).toEqual([])
  })

  test('behavior: send SOL and ETH from the same page; balances move on both nodes', async () => {
    const { page } = await connectBoth()
    const solReceiver = Keypair.generate().publicKey.toBase58()
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await dialog(page).getByLabel('Amount').fill('0.5')
    await dialog(page).getByLabel('Receiver address').fill(solReceiver)
    await expectNoAxeViolations(page, 'Solana Send')
    await dialog(page).getByRole('button', { name: 'Review' }).click()
    await screenshot(page, 'solana-send-preview')
    await expectNoAxeViolations(page, 'Solana Send preview')
    await dialog(page).getByRole('button', { name: 'Send now' }).click()
    await expect.poll(() => solBalance(solReceiver), { timeout: 20_000 }).toBe(500_000_000n)
    // §4: a Solana send refreshes the balances afterwards.
    await expect
      .poll(() => dialog(page).locator('[data-gangway="balance"]').textContent(), {
        timeout: 20_000,
      })
      .toBe(asSol(await solBalance(solanaAddress)))
    await page.keyboard.press('Escape')

    await pickNetwork(page, 'Anvil')
    const evmReceiver = privateKeyToAccount(generatePrivateKey()).address
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await dialog(page).getByLabel('Amount').fill('0.1')
    await dialog(page).getByLabel('Receiver address').fill(evmReceiver)
    await dialog(page).getByRole('button', { name: 'Review' }).click()
    await dialog(page).getByRole('button', { name: 'Send now' }).click()
    await expect.poll(() => evmReader.getBalance({ address: evmReceiver })).toBe(parseEther('0.1'))
    const evmBalance = formatAmount(
      'en',
      formatEther(await evmReader.getBalance({ address: evmAddress })),
      3,
    )
    await expect
      .poll(() => dialog(page).locator('[data-gangway="balance"]').textContent())
      .toBe(`${evmBalance} ETH`)
  })

  test('behavior: an invalid Solana receiver is refused in the spec’s words and nothing is sent', async () => {
    const { page } = await connectBoth()
    const before = await solBalance(solanaAddress)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await dialog(page).getByLabel('Amount').fill('0.5')
    // An EVM address is not a Solana one.
    await dialog(page).getByLabel('Receiver address').fill(evmAddress)
    await expect
      .poll(() => dialog(page).getByRole('alert').allTextContents())
      .toContainEqual(expect.stringMatching(/Invalid address|valid amount and receiver/))
    expect(await dialog(page).getByRole('button', { name: 'Review' }).isDisabled()).toBe(true)
    expect(await solBalance(solanaAddress)).toBe(before)
  })

  test('behavior: a reload reconnects both families silently, on the family last used', async () => {
    const { page } = await connectBoth()
    await page.reload()
    await expect
      .poll(() => connectButton(page).textContent())
      .toContain(truncateAddress(solanaAddress))
    expect(await networkButton(page).textContent()).toBe('Solana Localnet')
    await pickNetwork(page, 'Anvil')
    await expect
      .poll(() => connectButton(page).textContent())
      .toContain(truncateAddress(evmAddress))
  })

  test('behavior: a SOL transfer a script made to the Solana wallet shows in Activity, received from its sender (issue 22 item 20)', async () => {
    // Made outside the page and the kit: a plain web3.js transfer from an account of its own.
    const sender = Keypair.generate()
    const airdrop = await solanaReader.requestAirdrop(sender.publicKey, 2 * LAMPORTS_PER_SOL)
    await solanaReader.confirmTransaction(airdrop, 'confirmed')
    const signature = await sendAndConfirmTransaction(
      solanaReader,
      new Transaction().add(
        SystemProgram.transfer({
          fromPubkey: sender.publicKey,
          toPubkey: new PublicKey(solanaAddress),
          lamports: 0.123 * LAMPORTS_PER_SOL,
        }),
      ),
      [sender],
    )
    const { page, consoleErrors } = await connectBoth()
    await connectButton(page).click()
    await dialog(page).getByRole('tab', { name: 'Activity' }).click()
    const received = dialog(page).locator('[data-gangway="activity-item"]', {
      hasText: truncateAddress(sender.publicKey.toBase58()),
    })
    await expect.poll(() => received.count(), { timeout: 20_000 }).toBe(1)
    expect(await received.textContent()).toMatch(/Received from .*Confirmed.*\+0\.123 SOL/)
    expect(await received.getAttribute('data-status')).toBe('confirmed')
    // The local network names no explorer: the item carries the transaction's signature to copy.
    expect(
      await received.locator('[data-gangway="activity-copy-hash"]').getAttribute('title'),
    ).toBe(signature)
    await screenshot(page, 'solana-activity')
    await expectNoAxeViolations(page, 'Solana Activity')
    expect(consoleErrors).toEqual([])
  })

  test('behavior: disconnecting the Solana wallet leaves the EVM one connected', async () => {
    const { page } = await connectBoth()
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
    await expect
      .poll(() => connectButton(page).textContent())
      .toContain(truncateAddress(evmAddress))
    expect(await networkButton(page).textContent()).toBe('Anvil')
  })
})
