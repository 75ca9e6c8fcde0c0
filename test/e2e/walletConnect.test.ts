import type { Browser, Page } from 'playwright-core'
import { encode } from 'uqr'
import { createPublicClient, formatEther, type Hex, http, parseEther, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest'
import { type LocalRelay, startRelay, startWalletRegistry } from '../../server/index.js'
import { truncateAddress } from '../../src/kernel/index.js'
import { createRemoteTestWallet, type RemoteTestWallet } from '../../src/testing/node.js'
import { formatAmount } from '../../src/ui/index.js'
import { ANVIL_KEYS } from '../support/eip155.js'
import { runAxe } from './support/axe.js'
import { launchChromium } from './support/chromium.js'
import { type OpenedDemo, openDemo, screenshot, tabOnto } from './support/page.js'

const demo = inject('demo')
const [main, side] = demo.config.chains
const reader = createPublicClient({ transport: http(main!.rpcUrl) })
/** Anvil account 5: apart from the in-page wallet (0–2) and the demo phone wallet (3). */
const REMOTE_KEY = ANVIL_KEYS[5]
const remoteAddress = privateKeyToAccount(REMOTE_KEY).address

let browser: Browser
let relay: LocalRelay
let remote: RemoteTestWallet
const opened: OpenedDemo[] = []

beforeAll(async () => {
  browser = await launchChromium()
})
beforeEach(async () => {
  // Each test gets its own relay (so one can restart it) and its own remote wallet.
  relay = await startRelay()
  remote = await createRemoteTestWallet({
    relayUrl: relay.url,
    privateKeys: [REMOTE_KEY],
    chains: [
      { id: main!.id, rpcUrl: main!.rpcUrl, name: main!.name },
      { id: side!.id, rpcUrl: side!.rpcUrl, name: side!.name },
    ],
    metadata: {
      name: 'Remote Test Wallet',
      description: 'e2e',
      url: 'https://e2e.invalid',
      icons: [],
    },
  })
})
afterEach(async () => {
  for (const entry of opened.splice(0)) await entry.context.close()
  await remote.close()
  await relay.close()
})
afterAll(async () => {
  await browser?.close()
})

const dialog = (page: Page) => page.getByRole('dialog')
const connectButton = (page: Page) => page.locator('[data-gangway="connect-button"]')
const networkButton = (page: Page) => page.locator('[data-gangway="network-button"]')

async function fresh(): Promise<OpenedDemo> {
  const url = new URL(demo.url)
  url.searchParams.set('relay', relay.url)
  const entry = await openDemo(browser, url.toString())
  opened.push(entry)
  await entry.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: url.origin,
  })
  await entry.page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
  return entry
}

/** Opens the WalletConnect view and returns the link the visitor copies with "Copy link". */
async function copyPairingLink(page: Page): Promise<string> {
  await connectButton(page).click()
  await dialog(page).getByRole('button', { name: 'WalletConnect', exact: true }).click()
  await dialog(page).getByRole('img', { name: 'WalletConnect QR code' }).waitFor()
  await dialog(page).getByRole('button', { name: 'Copy link' }).click()
  await dialog(page).getByRole('button', { name: 'Link copied' }).waitFor()
  return page.evaluate(() => navigator.clipboard.readText())
}

/** The QR code's dark modules as the view draws them, to compare with an encoding of `uri`. */
async function qrPath(page: Page): Promise<string | null> {
  return dialog(page)
    .getByRole('img', { name: 'WalletConnect QR code' })
    .locator('path')
    .getAttribute('d')
}

function expectedQrPath(uri: string): string {
  const qr = encode(uri, { ecc: 'M', border: 2 })
  let d = ''
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`
    })
  })
  return d
}

async function pairAndConnect(page: Page): Promise<void> {
  const uri = await copyPairingLink(page)
  await remote.pair(uri)
  await expect
    .poll(() => connectButton(page).textContent(), { timeout: 15_000 })
    .toContain(truncateAddress(remoteAddress))
}

/**
 * Asks the kit to sign `message` (as a site's own "Sign" button would) and checks the signature
 * is the remote wallet's.
 */
async function expectRemoteSigns(page: Page, message: string): Promise<void> {
  const signature = await page.evaluate(async (text) => {
    const kit = (
      window as unknown as {
        gangwayKit: { signMessage(p: { message: string }): Promise<{ signature: string }> }
      }
    ).gangwayKit
    return (await kit.signMessage({ message: text })).signature as Hex
  }, message)
  expect(await verifyMessage({ address: remoteAddress, message, signature })).toBe(true)
}

describe('WalletConnect in the browser', () => {
  test('default: the modal shows a QR code of the link it copies; the remote wallet pairs through the local relay; the account and its anvil balance appear', async () => {
    const { page, consoleErrors } = await fresh()
    // Telemetry stays off and Verify is not asked (a local relay): nothing leaves the machine.
    const hosts = new Set<string>()
    page.on('request', (request) => {
      const { protocol, hostname } = new URL(request.url())
      if (protocol !== 'data:') hosts.add(hostname)
    })
    page.on('websocket', (socket) => hosts.add(new URL(socket.url()).hostname))
    const uri = await copyPairingLink(page)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(await qrPath(page)).toBe(expectedQrPath(uri))
    await screenshot(page, 'walletconnect-qr')
    const report = await runAxe(page)
    expect(report.violations.map((violation) => violation.id)).toEqual([])

    await remote.pair(uri)
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 15_000 })
      .toContain(truncateAddress(remoteAddress))
    await connectButton(page).click()
    const balance = formatAmount(
      'en',
      formatEther(await reader.getBalance({ address: remoteAddress })),
      3,
    )
    await expect
      .poll(() => dialog(page).locator('[data-gangway="address"]').textContent())
      .toBe(truncateAddress(remoteAddress))
    await expect
      .poll(() => dialog(page).locator('[data-gangway="balance"]').textContent())
      .toBe(`${balance} ETH`)
    await screenshot(page, 'walletconnect-account')
    expect(consoleErrors).toEqual([])
    expect([...hosts]).toEqual(['127.0.0.1'])
  })

  test('behavior: opening the modal loads neither sign-client nor viem, nor opens a relay socket; resting the pointer on WalletConnect loads sign-client', async () => {
    const { page } = await fresh()
    const loaded: string[] = []
    page.on('request', (request) => loaded.push(request.url()))
    const sockets: string[] = []
    page.on('websocket', (socket) => sockets.push(socket.url()))
    await connectButton(page).click()
    const walletConnect = dialog(page).getByRole('button', { name: 'WalletConnect', exact: true })
    await walletConnect.waitFor()
    await page.waitForTimeout(500)
    const heavy = (url: string) =>
      /sign-client|createSignClientHub|plugins\/eip155\/adapter/.test(url)
    expect(loaded.filter(heavy)).toEqual([])
    expect(sockets.filter((url) => url.startsWith(relay.url))).toEqual([])

    await walletConnect.hover()
    await expect
      .poll(() => loaded.some((url) => /sign-client|createSignClientHub/.test(url)), {
        timeout: 10_000,
      })
      .toBe(true)
    expect(loaded.filter((url) => /plugins\/eip155\/adapter/.test(url))).toEqual([])
  })

  test('behavior: tabbing onto WalletConnect loads sign-client as resting the pointer does; the focus the modal puts on its first wallet does not', async () => {
    const { page } = await fresh()
    const loaded: string[] = []
    page.on('request', (request) => loaded.push(request.url()))
    const signClient = () => loaded.some((url) => /sign-client|createSignClientHub/.test(url))
    await connectButton(page).focus()
    await page.keyboard.press('Enter')
    const walletConnect = dialog(page).getByRole('button', { name: 'WalletConnect', exact: true })
    await walletConnect.waitFor()
    await page.waitForTimeout(500)
    expect(signClient()).toBe(false)

    // The modal may have put its own focus on WalletConnect already; that is no intent.
    expect(await tabOnto(page, walletConnect)).toBe(true)
    await expect.poll(signClient, { timeout: 10_000 }).toBe(true)
  })

  test('behavior: personal_sign and a real transaction go through the session; a reload restores it without a new QR', async () => {
    const { page } = await fresh()
    await pairAndConnect(page)

    await expectRemoteSigns(page, 'Sign in to the e2e test')

    const receiver = privateKeyToAccount(generatePrivateKey()).address
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await dialog(page).getByLabel('Amount').fill('0.5')
    await dialog(page).getByLabel('Receiver address').fill(receiver)
    await dialog(page).getByRole('button', { name: 'Review' }).click()
    await dialog(page).getByRole('button', { name: 'Send now' }).click()
    await expect
      .poll(() => reader.getBalance({ address: receiver }), { timeout: 15_000 })
      .toBe(parseEther('0.5'))
    expect(remote.wallet.requests.map((request) => request.method)).toEqual(
      expect.arrayContaining(['personal_sign', 'eth_sendTransaction']),
    )

    await page.reload({ waitUntil: 'load' })
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 15_000 })
      .toContain(truncateAddress(remoteAddress))
    expect(remote.proposals).toBe(1)
    await expectRemoteSigns(page, 'after reload')
  })

  test('behavior: a reload keeps the network picked for the WalletConnect wallet, and the header never offers Connect Wallet while the session comes back (issue 22 item 5)', async () => {
    const { page } = await fresh()
    await pairAndConnect(page)
    // A Solana wallet too, so the reload has two families to bring back.
    await networkButton(page).click()
    await dialog(page)
      .getByRole('button', { name: /^Solana Localnet( ·.*)?$/ })
      .click()
    await dialog(page).getByRole('button', { name: demo.config.solana.walletName }).click()
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 20_000 })
      .toContain(truncateAddress(demo.config.solana.walletAddresses[0]!))
    await networkButton(page).click()
    await dialog(page)
      .getByRole('button', { name: new RegExp(`^${side!.name}( ·.*)?$`) })
      .click()
    await expect.poll(() => networkButton(page).textContent(), { timeout: 15_000 }).toBe(side!.name)

    // Every text the header's button shows from the first paint of the reloaded page.
    await page.addInitScript(() => {
      const seen: string[] = []
      Object.assign(window, { gangwayButtonTexts: seen })
      new MutationObserver(() => {
        const text = document.querySelector('[data-gangway="connect-button"]')?.textContent ?? ''
        if (text && seen.at(-1) !== text) seen.push(text)
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    await page.reload({ waitUntil: 'load' })
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 15_000 })
      .toContain(truncateAddress(remoteAddress))
    expect(await networkButton(page).textContent()).toBe(side!.name)
    const texts = await page.evaluate(
      () => (window as unknown as { gangwayButtonTexts: string[] }).gangwayButtonTexts,
    )
    expect(texts).not.toContain('Connect Wallet')
    expect(remote.proposals).toBe(1)
  })

  test('behavior: the relay restarting mid-session does not break it; the next request still succeeds', async () => {
    const { page } = await fresh()
    await pairAndConnect(page)
    const { port } = relay
    await relay.close()
    relay = await startRelay({ port })
    await expectRemoteSigns(page, 'after the relay restarted')
  })

  test('behavior: the wallet ending the session disconnects the site', async () => {
    const { page } = await fresh()
    await pairAndConnect(page)
    await remote.disconnect()
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 15_000 })
      .toBe('Connect Wallet')
  })

  test('behavior: a pairing not answered in time is replaced by a fresh QR code (page clock fast-forwarded)', async () => {
    const { page } = await fresh()
    await page.clock.install()
    const first = await copyPairingLink(page)
    // Counted expired 10 s before its 4-minute end.
    await page.clock.fastForward('03:51')
    await expect.poll(() => qrPath(page), { timeout: 15_000 }).not.toBe(expectedQrPath(first))
    await dialog(page)
      .getByRole('button', { name: /Copy link|Link copied/ })
      .click()
    const second = await page.evaluate(() => navigator.clipboard.readText())
    expect(second).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(second).not.toBe(first)
    expect(await qrPath(page)).toBe(expectedQrPath(second))
  })
})

describe('the demo', () => {
  test('behavior: the link copied from the modal, pasted into the demo phone wallet page, connects the phone wallet', async () => {
    const entry = await openDemo(browser, demo.url)
    opened.push(entry)
    const { page, context } = entry
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(demo.url).origin,
    })
    const uri = await copyPairingLink(page)
    const phone = await context.newPage()
    await phone.goto(new URL('phone.html', demo.url).toString(), { waitUntil: 'load' })
    await phone.getByLabel(/WalletConnect link/).fill(uri)
    await phone.getByRole('button', { name: 'Pair' }).click()
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 15_000 })
      .toContain(truncateAddress(demo.config.phoneWallet.address))
    // A pasted link that is not one is refused in words, and nothing is paired.
    await phone.getByLabel(/WalletConnect link/).fill('javascript:alert(1)')
    await phone.getByRole('button', { name: 'Pair' }).click()
    await expect
      .poll(() => phone.locator('output').textContent())
      .toBe('Paste the whole link: it starts with wc:')
  })
})

describe('wallet registry in the browser', () => {
  test('default: the Connect view lists recommended wallets from the local registry, with its images', async () => {
    const { page } = await fresh()
    await connectButton(page).click()
    const recommended = dialog(page).getByRole('region', { name: 'Recommended' })
    await recommended.getByRole('button').first().waitFor()
    expect(await recommended.getByRole('button').count()).toBe(4)
    const image = await recommended.getByRole('button').first().locator('img').getAttribute('src')
    expect(image?.startsWith(`${demo.config.registryUrl}/getWalletImage/`)).toBe(true)
  })

  test('behavior: on a phone, picking a registry wallet offers its own deep link carrying the pairing link', async () => {
    const url = new URL(demo.url)
    url.searchParams.set('relay', relay.url)
    const entry = await openDemo(browser, url.toString(), {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    })
    opened.push(entry)
    const { page } = entry
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'MetaMask' }).click()
    const open = dialog(page).getByRole('link', { name: 'Open MetaMask' })
    await open.waitFor()
    const href = (await open.getAttribute('href')) ?? ''
    expect(href.startsWith('metamask://wc?uri=')).toBe(true)
    const uri = decodeURIComponent(href.slice('metamask://wc?uri='.length))
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(await qrPath(page)).toBe(expectedQrPath(uri))
    await screenshot(page, 'walletconnect-mobile-deep-link')
    expect((await runAxe(page)).violations.map((violation) => violation.id)).toEqual([])
  })

  test('behavior: with the registry unreachable the modal still lists the announced wallet, WalletConnect and the built-in wallets, and shows no error', async () => {
    const closed = await startWalletRegistry()
    await closed.close()
    const url = new URL(demo.url)
    url.searchParams.set('registry', closed.url)
    const entry = await openDemo(browser, url.toString())
    opened.push(entry)
    const { page, consoleErrors } = entry
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Demo Wallet (development key)' }).waitFor()
    await dialog(page).getByRole('button', { name: 'WalletConnect', exact: true }).waitFor()
    await dialog(page).getByRole('button', { name: 'MetaMask' }).waitFor()
    await dialog(page)
      .getByRole('button', { name: /All wallets/ })
      .click()
    await dialog(page).getByRole('button', { name: 'Rainbow' }).waitFor()
    // The snackbar's live region stays empty: no message reaches the visitor. (All wallets has a
    // live region of its own, for its search count.)
    expect(
      (await page.locator('div[role="status"][aria-live="polite"]').textContent())?.trim(),
    ).toBe('')
    expect(await dialog(page).getByRole('alert').count()).toBe(0)
    // The browser reports the refused connection; the visitor sees nothing of it.
    expect(consoleErrors.filter((error) => !error.includes(closed.url))).toEqual([])
  })

  test('behavior: a registry entry with an HTML name and a javascript: deep link is shown as text and never opened', async () => {
    const hostileName = '<img src=x onerror="window.__pwned=1">Evil'
    const registry = await startWalletRegistry({
      wallets: [
        {
          id: 'e'.repeat(64),
          name: hostileName,
          image_url: 'javascript:window.__pwned=2',
          mobile_link: 'javascript:window.__pwned=3',
          desktop_link: 'javascript:window.__pwned=4',
          homepage: 'javascript:window.__pwned=5',
        },
      ],
    })
    try {
      const url = new URL(demo.url)
      url.searchParams.set('registry', registry.url)
      url.searchParams.set('relay', relay.url)
      const entry = await openDemo(browser, url.toString())
      opened.push(entry)
      const { page } = entry
      await connectButton(page).click()
      await dialog(page)
        .getByRole('button', { name: /All wallets/ })
        .click()
      const hostile = dialog(page).getByRole('button', { name: hostileName })
      await hostile.waitFor()
      expect(await hostile.locator('img').count()).toBe(0)
      await hostile.click()
      await dialog(page).getByRole('img', { name: 'WalletConnect QR code' }).waitFor()
      const hrefs = await page.evaluate(() =>
        [
          ...(document
            .querySelector('gangway-modal')
            ?.shadowRoot?.querySelectorAll('[href], [src]') ?? []),
        ].map((element) => element.getAttribute('href') ?? element.getAttribute('src') ?? ''),
      )
      expect(hrefs.filter((href) => /^\s*javascript:/i.test(href))).toEqual([])
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
      await screenshot(page, 'walletconnect-hostile-registry-entry')
    } finally {
      await registry.close()
    }
  })
})
