/**
 * Issue 23 in Chromium: email and social login into the embedded wallet a Gangway server serves
 * on its own origin (`wallet.localhost`, on 127.0.0.2), embedded by the demo on 127.0.0.1 and on
 * localhost, with storage partitioned by top-level site and third-party cookies blocked, as
 * visitors' Chrome has them. Mail is captured by a local SMTP server, social login goes through a
 * local OpenID provider, passkeys come from Chromium's virtual authenticator (PRF), transactions
 * are mined by the demo's anvil.
 */
import type { FrameLocator, Page } from 'playwright-core'
import { createPublicClient, createWalletClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { ANVIL_KEYS, localChain } from '../support/eip155.js'
import { connectButton, dialog } from './support/demoSession.js'
import {
  addVirtualAuthenticator,
  launchVisitorBrowser,
  startWalletWorld,
  type VisitorBrowser,
  WALLET_HOST,
  type WalletWorld,
} from './support/embeddedWallet.js'

const demo = inject('demo')
const [mainChain] = demo.config.chains
const chain = localChain(mainChain!.id, mainChain!.rpcUrl)
const publicClient = createPublicClient({ chain, transport: http(mainChain!.rpcUrl) })
const funder = createWalletClient({
  account: privateKeyToAccount(ANVIL_KEYS[4]),
  chain,
  transport: http(mainChain!.rpcUrl),
})

let world: WalletWorld
let browser: VisitorBrowser

beforeAll(async () => {
  world = await startWalletWorld(demo)
  browser = await launchVisitorBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await world?.stop()
})

/** The wallet frame as the page embeds it. */
const walletFrame = (page: Page): FrameLocator =>
  page.frameLocator('iframe[data-gangway-wallet-frame]')

let emails = 0
/** A fresh address per test: cooldowns and accounts never carry over. */
const freshEmail = () => `visitor${++emails}-${Date.now()}@mail.test`

/** A page of the profile on `url`, with a passkey authenticator, once its connect button shows. */
async function open(url: string) {
  const page = await browser.context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const authenticator = await addVirtualAuthenticator(page)
  await page.goto(url)
  await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
  return { page, authenticator, errors }
}

/**
 * Email login as a new visitor: the address, the code from the mail, the passkey created in the
 * frame, the recovery key kept. Resolves with the address the account button shows.
 */
async function emailLogin(page: Page, email: string) {
  await connectButton(page).click()
  await dialog(page).getByRole('button', { name: 'Continue with email' }).click()
  await dialog(page).getByLabel('Email').fill(email)
  await dialog(page).getByRole('button', { name: 'Continue' }).click()
  const code = await world.mail.nextCode(email)
  await dialog(page).getByLabel('Code').fill(code)
  await dialog(page).getByRole('button', { name: 'Verify' }).click()
  await walletFrame(page).getByRole('button', { name: 'Create passkey' }).click()
  const recovery = walletFrame(page).getByRole('dialog', { name: 'Keep your recovery key' })
  const recoveryText = (await recovery.textContent()) ?? ''
  await recovery.getByRole('button', { name: 'I saved it' }).click()
  await expect.poll(() => connectButton(page).textContent(), { timeout: 20_000 }).toMatch(/0x/)
  const address = (await page.evaluate(() => {
    const kit = (window as unknown as { gangwayKit: { getState(): unknown } }).gangwayKit
    const state = kit.getState() as {
      namespaces: { entities: Record<string, { accountState: { address?: string } }> }
    }
    return state.namespaces.entities.eip155?.accountState.address
  })) as Hex
  return { address, recoveryText }
}

describe('email login', () => {
  test('behavior: a new visitor logs in with an email code, creates the wallet with a passkey in the frame, and sends ETH on anvil after approving in the frame', async () => {
    const { page, authenticator } = await open(world.pageUrl(world.sites[0]))
    const { address } = await emailLogin(page, freshEmail())
    expect(await authenticator.credentials()).toEqual([
      expect.objectContaining({ rpId: WALLET_HOST }),
    ])
    await funder.sendTransaction({ to: address, value: parseEther('1') })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await dialog(page).getByLabel('Amount').fill('0.01')
    await dialog(page).getByLabel('Receiver address').fill(receiver)
    await dialog(page).getByRole('button', { name: 'Review' }).click()
    await dialog(page).getByRole('button', { name: 'Send now' }).click()
    await walletFrame(page).getByRole('button', { name: 'Approve' }).click()
    await expect
      .poll(() => publicClient.getBalance({ address: receiver }), { timeout: 20_000 })
      .toBe(parseEther('0.01'))
  })
})
