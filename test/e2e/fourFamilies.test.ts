/**
 * Four chain families in one page, in Chromium against the demo (issue #25): the EVM demo wallet
 * on anvil, the Solana demo wallet on the local Solana node, the Polkadot demo extension on
 * chopsticks and the Bitcoin demo wallet on regtest (behind the Gangway server's Esplora API).
 * Each connects and sends; each signs in with sessions verified and kept by the Gangway server
 * (`@gangway/kit/siwx-server` behind its session paths); a reload keeps all four, a disconnect
 * drops one only; axe on the Bitcoin views.
 */
import type { ApiPromise } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { truncateAddress } from '../../src/kernel/index.js'
import { createBitcoinTestWallet } from '../../src/testing/node.js'
import { freshKey } from '../support/bitcoin.js'
import { apiOf, balanceOf, freshUri } from '../support/polkadot.js'
import { expectNoAxeViolations } from './support/axe.js'
import { connectButton, DEMO_WALLET, demoSession, dialog } from './support/demoSession.js'
import { screenshot } from './support/page.js'

const demo = inject('demo')
const { solana, polkadot, bitcoin } = demo.config
const evmReader = createPublicClient({ transport: http(demo.config.chains[0]!.rpcUrl) })
const solanaReader = new Connection(solana.rpcUrl, 'confirmed')

type Family = 'eip155' | 'solana' | 'polkadot' | 'bip122'
/** Each family's demo wallet as the modal lists it, the network it connects on, its account. */
const FAMILIES: Record<Family, { network: string; wallet: string; address: string }> = {
  eip155: {
    network: 'Anvil',
    wallet: DEMO_WALLET,
    address: privateKeyToAccount(demo.config.walletKeys[0]!).address,
  },
  solana: {
    network: 'Solana Localnet',
    wallet: solana.walletName,
    address: solana.walletAddresses[0]!,
  },
  polkadot: {
    network: 'Polkadot Local',
    wallet: polkadot.extensionName,
    address: polkadot.walletAddresses[0]!,
  },
  bip122: {
    network: 'Bitcoin Regtest',
    wallet: bitcoin.walletName,
    address: bitcoin.walletAddresses[0]!,
  },
}
const ORDER: Family[] = ['eip155', 'solana', 'polkadot', 'bip122']
const ALL_CONNECTED = Object.fromEntries(ORDER.map((family) => [family, 'connected']))

const { fresh } = demoSession()
let api: ApiPromise
beforeAll(async () => {
  await cryptoWaitReady()
  api = await apiOf(polkadot.rpcUrl)
})
afterAll(async () => {
  await api?.disconnect()
})

const networkButton = (page: Page) => page.locator('[data-gangway="network-button"]')
const heading = (page: Page) => dialog(page).getByRole('heading', { level: 2 }).textContent()
/** Chain code loads on a family's first use: seconds on a busy two-core machine. */
const SLOW = { timeout: 20_000 }
/** Four chains, a send or a sign-in on each, reloads: minutes on a busy two-core machine. */
const FOUR_FAMILIES_MS = 240_000

/** What the page's kit holds: each family's status, and the chains of its sign-in sessions. */
const kitState = (page: Page) =>
  page.evaluate(() => {
    const state = (
      window as unknown as {
        gangwayKit: {
          getState(): {
            namespaces: { entities: Record<string, { accountState: { status: string } }> }
            siwx?: { sessions: { data: { chainId: string } }[]; unverified: unknown[] }
          }
        }
      }
    ).gangwayKit.getState()
    return {
      statuses: Object.fromEntries(
        Object.entries(state.namespaces.entities).map(([id, entry]) => [
          id,
          entry.accountState.status,
        ]),
      ),
      signedIn: (state.siwx?.sessions ?? []).map((session) => session.data.chainId.split(':')[0]),
      unverified: state.siwx?.unverified.length ?? 0,
    }
  })

async function pickNetwork(page: Page, name: string) {
  await networkButton(page).click()
  await expect.poll(() => heading(page)).toBe('Choose a network')
  await dialog(page)
    .getByRole('button', { name: new RegExp(`^${name}( ·.*)?$`) })
    .click()
  await expect.poll(() => networkButton(page).textContent()).toBe(name)
}

/** Switches to `family`'s network and waits for its account on the button. */
async function switchTo(page: Page, family: Family) {
  await pickNetwork(page, FAMILIES[family].network)
  await expect
    .poll(() => connectButton(page).textContent(), SLOW)
    .toContain(truncateAddress(FAMILIES[family].address))
}

/**
 * Connects each family's demo wallet in turn on its network; with sign-in required, each connect
 * opens the sign view, which `sign` answers for that family.
 */
async function connectAll(page: Page, sign?: (family: Family) => Promise<void>): Promise<void> {
  for (const family of ORDER) {
    const { network, wallet, address } = FAMILIES[family]
    if (family === 'eip155') {
      await expect.poll(() => connectButton(page).textContent()).toBe('Connect Wallet')
      await connectButton(page).click()
    } else {
      // Another family is connected: picking this one's network asks for a wallet of it.
      await networkButton(page).click()
      await expect.poll(() => heading(page)).toBe('Choose a network')
      await dialog(page)
        .getByRole('button', { name: new RegExp(`^${network}( ·.*)?$`) })
        .click()
    }
    await expect.poll(() => heading(page)).toBe('Connect a wallet')
    await dialog(page).getByRole('button', { name: wallet }).click()
    if (sign) await sign(family)
    await expect
      .poll(() => connectButton(page).textContent(), SLOW)
      .toContain(truncateAddress(address))
  }
  await expect.poll(async () => (await kitState(page)).statuses).toEqual(ALL_CONNECTED)
}

/** Opens Send on the current family, fills it in and reviews it. */
async function review(page: Page, amount: string, receiver: string) {
  await connectButton(page).click()
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  await dialog(page).getByLabel('Amount').fill(amount)
  await dialog(page).getByLabel('Receiver address').fill(receiver)
  await dialog(page).getByRole('button', { name: 'Review' }).click()
}

async function sendNow(page: Page) {
  await dialog(page).getByRole('button', { name: 'Send now' }).click()
}

/** The modal's text, `''` once it is closed (a failed wait then says what it shows). */
const modalText = async (page: Page) =>
  (await dialog(page).count()) === 0 ? '' : ((await dialog(page).textContent()) ?? '')

async function closeModal(page: Page) {
  await page.keyboard.press('Escape')
  await expect.poll(() => modalText(page)).toBe('')
}

interface Utxo {
  value: number
  status: { confirmed: boolean }
}
const utxos = async (address: string) =>
  (await (await fetch(`${bitcoin.esploraUrl}/address/${address}/utxo`)).json()) as Utxo[]
const sats = async (address: string) =>
  (await utxos(address)).reduce((sum, utxo) => sum + BigInt(utxo.value), 0n)

describe('EVM, Solana, Polkadot and Bitcoin wallets in one page', () => {
  test(
    'default: all four connect; a send on each moves exactly its amount on its node; switching family disconnects none (axe on the Bitcoin Account and Send review)',
    async () => {
      const { page, consoleErrors } = await fresh(demo.url)
      await connectAll(page)

      // Bitcoin, connected last, is the family shown: its account, axe-checked.
      await connectButton(page).click()
      await expect
        .poll(() => dialog(page).locator('[data-gangway="address"]').textContent())
        .toBe(truncateAddress(FAMILIES.bip122.address))
      await expect
        .poll(() => dialog(page).locator('[data-gangway="balance"]').textContent(), SLOW)
        .toMatch(/ BTC$/)
      await expectNoAxeViolations(page, 'Bitcoin Account')
      await closeModal(page)

      // Bitcoin: the review names the fee; the node sees the amount arrive and the sender pay both.
      const btcReceiver = createBitcoinTestWallet({ privateKeys: [freshKey()] }).accounts[0]!
        .address
      const btcBefore = await sats(FAMILIES.bip122.address)
      await review(page, '0.001', btcReceiver)
      const fee = dialog(page).locator('[data-gangway="send-fee"]')
      await expect.poll(() => fee.textContent(), SLOW).toMatch(/^0\.0000\d+ BTC/)
      // Read exactly, in satoshis: the fee is money, never a float.
      const feeSats = parseUnits(/^([\d.]+)/.exec((await fee.textContent())!)![1]!, 8)
      await screenshot(page, 'four-families-bitcoin-send-review')
      await expectNoAxeViolations(page, 'Bitcoin Send review')
      await sendNow(page)
      await expect
        .poll(
          async () => (await utxos(btcReceiver)).map((utxo) => [utxo.value, utxo.status.confirmed]),
          SLOW,
        )
        .toEqual([[100_000, true]])
      expect(await sats(FAMILIES.bip122.address)).toBe(btcBefore - 100_000n - feeSats)
      await closeModal(page)

      // Polkadot: the amount arrives; the sender pays it and a fee under 0.01.
      await switchTo(page, 'polkadot')
      const dotUnit = 10n ** BigInt(polkadot.nativeCurrency.decimals)
      const dotReceiver = new Keyring({ type: 'sr25519' }).addFromUri(freshUri()).address
      const dotBefore = (await balanceOf(api, FAMILIES.polkadot.address)).free
      await review(page, '1.5', dotReceiver)
      await sendNow(page)
      await expect
        .poll(async () => (await balanceOf(api, dotReceiver)).free, SLOW)
        .toBe((15n * dotUnit) / 10n)
      const dotFee =
        dotBefore - (await balanceOf(api, FAMILIES.polkadot.address)).free - (15n * dotUnit) / 10n
      expect(dotFee).toBeGreaterThan(0n)
      expect(dotFee).toBeLessThan(dotUnit / 100n)
      await closeModal(page)

      // Solana and EVM: the receiver's balance on each node is exactly the amount sent.
      await switchTo(page, 'solana')
      const solReceiver = Keypair.generate().publicKey.toBase58()
      await review(page, '0.5', solReceiver)
      await sendNow(page)
      await expect
        .poll(async () => BigInt(await solanaReader.getBalance(new PublicKey(solReceiver))), SLOW)
        .toBe(500_000_000n)
      await closeModal(page)

      await switchTo(page, 'eip155')
      const evmReceiver = privateKeyToAccount(generatePrivateKey()).address
      await review(page, '0.1', evmReceiver)
      await sendNow(page)
      await expect
        .poll(() => evmReader.getBalance({ address: evmReceiver }), SLOW)
        .toBe(parseEther('0.1'))
      await closeModal(page)

      // Every switch and send later, all four are still connected.
      expect((await kitState(page)).statuses).toEqual(ALL_CONNECTED)
      expect(consoleErrors).toEqual([])
    },
    FOUR_FAMILIES_MS,
  )

  test(
    'behavior: each family signs in, verified and kept by the Gangway server; a reload keeps all four connected and signed in; disconnecting Bitcoin leaves the other three (axe on the Bitcoin sign-in)',
    async () => {
      const { page, consoleErrors } = await fresh(`${demo.url}?siwx=required&siwxServer`)
      await connectAll(page, async (family) => {
        await expect.poll(() => heading(page), SLOW).toBe('Sign in')
        expect(await dialog(page).locator('[data-gangway="siwx-network"]').textContent()).toBe(
          FAMILIES[family].network,
        )
        if (family === 'bip122') await expectNoAxeViolations(page, 'Bitcoin Sign in')
        await dialog(page).getByRole('button', { name: 'Sign in', exact: true }).click()
        await expect.poll(() => modalText(page), SLOW).toBe('')
      })
      expect((await kitState(page)).signedIn.sort()).toEqual([...ORDER].sort())

      // The server verified each one and keeps it: read back with the token it issued for it.
      const serverSessions = async (family: Family) => {
        const { address } = FAMILIES[family]
        const key = `gangway:siwx-tokens:${family}:${family === 'eip155' ? address.toLowerCase() : address}`
        const stored = await page.evaluate((name) => localStorage.getItem(name), key)
        const [token] = Object.values(JSON.parse(stored ?? '{}') as Record<string, string>)
        if (!token) return 'no token'
        const response = await fetch(`${demo.config.serviceUrl}/v1/sessions/${address}`, {
          headers: { authorization: `Bearer ${token}` },
        })
        if (!response.ok) return `HTTP ${response.status}`
        const { sessions } = (await response.json()) as {
          sessions: { data: { chainId: string } }[]
        }
        return sessions.map((session) => session.data.chainId.split(':')[0])
      }
      // Other browsers' sessions of the same demo accounts may be there too (the server lists an
      // account's sessions for the site): this page's is among them.
      for (const family of ORDER) expect(await serverSessions(family)).toContain(family)

      // A reload: all four come back connected, their sessions verified again, nothing asked.
      await page.reload({ waitUntil: 'load' })
      await expect
        .poll(async () => {
          const { statuses, signedIn, unverified } = await kitState(page)
          return { statuses, signedIn: signedIn.sort(), unverified }
        }, SLOW)
        .toEqual({ statuses: ALL_CONNECTED, signedIn: [...ORDER].sort(), unverified: 0 })
      expect(await dialog(page).count()).toBe(0)
      expect(await networkButton(page).textContent()).toBe(FAMILIES.bip122.network)
      for (const family of ['eip155', 'solana', 'polkadot'] as const) await switchTo(page, family)
      await switchTo(page, 'bip122')

      // Disconnecting Bitcoin signs it out on the server; the other three stay, signed in.
      await connectButton(page).click()
      await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
      await expect
        .poll(async () => (await kitState(page)).statuses)
        .toEqual({
          eip155: 'connected',
          solana: 'connected',
          polkadot: 'connected',
          bip122: 'disconnected',
        })
      expect((await kitState(page)).signedIn.sort()).toEqual(['eip155', 'polkadot', 'solana'])
      await expect.poll(() => serverSessions('bip122')).not.toEqual(['bip122'])
      for (const family of ['eip155', 'solana', 'polkadot'] as const) {
        expect(await serverSessions(family)).toContain(family)
      }
      expect(consoleErrors).toEqual([])
    },
    FOUR_FAMILIES_MS,
  )
})
