/**
 * What a visitor sees of issue 22 items 10, 15 and 16, in Chromium against the demo: wallet logos,
 * chain icons and token icons (Send's token picker) instead of letter tiles, an Account header
 * laid out like a wallet (one line for the wallet, a square icon, the ENS avatar or an identicon,
 * compact actions), and the WalletConnect view of a wallet picked from the list (named,
 * 'Get <wallet>', a link copy that does not outlive its link, no QR code under 'Open <wallet>' on
 * a phone).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { type LocalRelay, startRelay, startWalletRegistry } from '../../server/index.js'
import { BUILT_IN_WALLETS, truncateAddress, WALLET_FEATURE_ORDER } from '../../src/kernel/index.js'
import { deployTestEnsResolver } from '../../src/testing/index.js'
import { createRemoteTestWallet } from '../../src/testing/node.js'
import { AMM_DEPLOYER_KEY } from '../support/amm.js'
import { ANVIL_KEYS, localChain } from '../support/eip155.js'
import { expectNoAxeViolations } from './support/axe.js'
import { launchChromium } from './support/chromium.js'
import { connectButton, connectDemoWallet, DEMO_WALLET, dialog } from './support/demoSession.js'
import { type OpenedDemo, openDemo, screenshot } from './support/page.js'

const demo = inject('demo')
const [main, side] = demo.config.chains
const visitor = privateKeyToAccount(demo.config.walletKeys[0]!).address
/** Anvil account 4: apart from the in-page wallet (0–2), the phone wallet (3) and walletConnect.test (5). */
const REMOTE_KEY = ANVIL_KEYS[4]
const remoteAddress = privateKeyToAccount(REMOTE_KEY).address
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

let browser: Browser
let relay: LocalRelay | undefined
const opened: OpenedDemo[] = []
beforeAll(async () => {
  browser = await launchChromium()
})
afterEach(async () => {
  for (const entry of opened.splice(0)) await entry.context.close()
  await relay?.close()
  relay = undefined
})
afterAll(async () => {
  await browser?.close()
})

async function fresh(
  query: Record<string, string> = {},
  options: BrowserContextOptions = {},
): Promise<OpenedDemo> {
  const url = new URL(demo.url)
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
  const entry = await openDemo(browser, url.toString(), options)
  opened.push(entry)
  // In any language: the connect button is there once the page has hydrated.
  await connectButton(entry.page).waitFor()
  return entry
}

const heading = (page: Page) => dialog(page).getByRole('heading', { level: 2 })

/** The icon of a wallet button: what kind of picture it shows, and whether it drew. */
const iconOf = (page: Page, name: string) =>
  dialog(page)
    .getByRole('button', { name, exact: true })
    .first()
    .evaluate((button) => {
      const icon = button.querySelector('.gw-wallet-icon')
      if (!icon) return { kind: 'none' }
      if (icon instanceof HTMLImageElement) {
        return {
          kind: 'image',
          drawn: icon.complete && icon.naturalWidth > 0,
          svg: icon.src.startsWith('data:image/svg+xml,'),
        }
      }
      return { kind: 'tile', text: icon.textContent }
    })

describe('logos instead of letter tiles (item 16)', () => {
  test('behavior: with the registry unreachable the built-in wallets and WalletConnect show their logos, in Connect and All wallets', async () => {
    const closed = await startWalletRegistry()
    await closed.close()
    const { page } = await fresh({ registry: closed.url })
    await connectButton(page).click()
    for (const name of ['MetaMask', 'Trust Wallet', 'WalletConnect']) {
      await expect
        .poll(() => iconOf(page, name), { timeout: 10_000 })
        .toEqual({ kind: 'image', drawn: true, svg: true })
    }
    await dialog(page)
      .getByRole('button', { name: /All wallets/ })
      .click()
    await dialog(page).getByRole('button', { name: 'Rabby Wallet' }).waitFor()
    // Every built-in wallet has its logo there (a wallet with no logo anywhere keeps its tile).
    for (const wallet of BUILT_IN_WALLETS) {
      await expect
        .poll(() => iconOf(page, wallet.name), { timeout: 10_000 })
        .toEqual({ kind: 'image', drawn: true, svg: true })
    }
  })

  test('behavior: the registry serves each wallet its logo, not a letter on a tile', async () => {
    const { page } = await fresh()
    await connectButton(page).click()
    const recommended = dialog(page).getByRole('region', { name: 'Recommended' })
    await recommended.getByRole('button').first().waitFor()
    const sources = () =>
      recommended
        .locator('img')
        .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src))
    // The registry's answer replaces the built-in list once it is here.
    await expect
      .poll(async () =>
        (await sources()).map((source) =>
          source.startsWith(`${demo.config.registryUrl}/getWalletImage/`),
        ),
      )
      .toEqual([true, true, true, true])
    for (const source of await sources()) {
      const svg = await (await fetch(source)).text()
      expect(svg).not.toContain('<text')
    }
  })

  test('behavior: the network button, every row of the network list and the Account network row show the chain icon', async () => {
    const { page } = await fresh()
    const button = page.locator('[data-gangway="network-button"]')
    const buttonIcon = button.locator('img[data-gangway="network-icon"]')
    await expect.poll(() => buttonIcon.count(), { timeout: 10_000 }).toBe(1)
    expect(await buttonIcon.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/)
    // Square, beside the name, never squeezed by a long one.
    const box = (await buttonIcon.boundingBox())!
    expect([box.width, box.height]).toEqual([20, 20])
    await button.click()
    const rows = dialog(page).locator('section button')
    await rows.first().waitFor()
    const count = await rows.count()
    expect(count).toBeGreaterThanOrEqual(5)
    const icons = await rows.evaluateAll((buttons) =>
      buttons.map((row) => {
        const icon = row.querySelector('img[data-gangway="network-icon"]') as HTMLImageElement
        return icon ? icon.complete && icon.naturalWidth > 0 : false
      }),
    )
    expect(icons).toEqual(new Array(count).fill(true))
    // Ethereum's mark for the ETH chains, another family's for the others.
    const marks = new Set(
      await dialog(page)
        .locator('section img[data-gangway="network-icon"]')
        .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src)),
    )
    expect(marks.size).toBe(4)
    await expectNoAxeViolations(page, 'Networks')
    await screenshot(page, 'networks-icons')
    await dialog(page).getByRole('button', { name: 'Close', exact: true }).click()

    await connectDemoWallet(page, visitor)
    await connectButton(page).click()
    const row = dialog(page).locator('[data-gangway="account-network"]')
    await row.waitFor()
    expect(await row.textContent()).toBe(`Network: ${main!.name}`)
    expect(
      await row
        .locator('img[data-gangway="network-icon"]')
        .evaluate((image) => (image as HTMLImageElement).naturalWidth > 0),
    ).toBe(true)
  })
})

/** Gives the visitor `amount` USDC of the demo's AMM, from its deployer, which holds the supply. */
async function giveUsdc(amount: string) {
  const usdc = demo.config.amm.tokens.USDC!
  const { walletClient, publicClient } = deployerClients()
  const hash = await walletClient.writeContract({
    address: usdc.address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [visitor, parseUnits(amount, usdc.decimals)],
  })
  await publicClient.waitForTransactionReceipt({ hash })
}

/** The AMM deployer (anvil account 9) on the main chain: it pays for what the tests deploy. */
function deployerClients() {
  const chain = localChain(main!.id, main!.rpcUrl)
  const transport = http(main!.rpcUrl)
  return {
    walletClient: createWalletClient({
      account: privateKeyToAccount(AMM_DEPLOYER_KEY),
      chain,
      transport,
    }),
    publicClient: createPublicClient({ chain, transport }),
  }
}

/** A web server with one avatar image, as a profile's avatar URL points at (CORS-readable). */
async function startAvatarServer(): Promise<{ url: string; server: Server }> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#e11d48"/><circle cx="4" cy="4" r="2" fill="#fde047"/></svg>'
  const server = createServer((request, response) => {
    if (request.url !== '/avatar.svg') {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, {
      'content-type': 'image/svg+xml',
      'access-control-allow-origin': '*',
    })
    response.end(request.method === 'HEAD' ? undefined : svg)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

/** Each option of Send's token list as it reads, and the icon it shows (drawn, and from where). */
const sendOptions = (page: Page) =>
  dialog(page)
    .getByRole('listbox', { name: 'Token' })
    .getByRole('option')
    .evaluateAll((options) =>
      options.map((option) => {
        const icon = option.querySelector('img[data-gangway="token-icon"]') as HTMLImageElement
        const text = (selector: string) => option.querySelector(selector)?.textContent ?? null
        return {
          symbol: text('.gw-token-line-symbol'),
          name: text('.gw-token-line-text .gw-muted'),
          balance: text('[data-gangway="token-line-balance"]'),
          fiat: text('[data-gangway="token-line-fiat"]'),
          icon: icon
            ? {
                source: icon.dataset.source,
                drawn: icon.complete && icon.naturalWidth > 0,
                src: icon.src,
                width: icon.getBoundingClientRect().width,
              }
            : null,
        }
      }),
    )

describe('token icons in Send (item 16)', () => {
  test('behavior: Send’s token picker shows each token with its icon, name, balance and USD value; the keyboard opens it, moves to USDC, Escape closes only the list, Enter picks; the review sends USDC', async () => {
    await giveUsdc('250')
    const { page } = await fresh()
    await connectDemoWallet(page, visitor)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    const picker = dialog(page).getByRole('combobox', { name: 'Token' })
    await picker.waitFor()
    // The token chosen first, as the closed picker shows it: its icon and symbol.
    const shown = () => picker.locator('.gw-token-line-symbol').textContent()
    await expect.poll(shown).toBe('ETH')
    expect(await picker.locator('img[data-gangway="token-icon"]').count()).toBe(1)

    await picker.focus()
    await page.keyboard.press('ArrowDown')
    expect(await picker.getAttribute('aria-expanded')).toBe('true')
    const options = await sendOptions(page)
    // Every token held, each with a picture: the data service's icon (the demo's server lists GDT's
    // and the AMM tokens' marks; a token without one gets its initial, src/ui/components/TokenIcon.test.tsx).
    expect(options.map((option) => option.symbol)).toEqual(
      expect.arrayContaining(['ETH', 'GDT', 'USDC']),
    )
    for (const option of options) {
      expect(option.icon).toMatchObject({ drawn: true, width: 24 })
    }
    // The network's own currency wears its coin's mark.
    expect(options.find((option) => option.symbol === 'ETH')!.icon).toMatchObject({
      source: 'native',
    })
    const gdt = options.find((option) => option.symbol === 'GDT')!
    expect(gdt.icon).toMatchObject({ source: 'icon' })
    expect(gdt.icon!.src).toMatch(/^data:image\/svg\+xml,/)
    expect(gdt.name).toBe('Gangway Demo Token')
    // USDC with its name, balance and what that is worth (priced from its pool).
    const usdc = options.find((option) => option.symbol === 'USDC')!
    expect(usdc).toMatchObject({ name: 'USD Coin (local)', icon: { source: 'icon' } })
    expect(usdc.icon!.src).toMatch(/^data:image\/svg\+xml,/)
    expect(usdc.balance).toMatch(/^[\d,.]+$/)
    expect(usdc.fiat).toMatch(/^\$[\d,]+\.\d\d$/)
    // A screen reader hears each option as one line: symbol, name, balance, value.
    expect(
      await dialog(page)
        .getByRole('option', { name: /^USDC USD Coin \(local\) [\d,.]+ \$[\d,]+\.\d\d$/ })
        .count(),
    ).toBe(1)
    await expectNoAxeViolations(page, 'Send token picker')
    await screenshot(page, 'send-token-picker')

    // Down to USDC, one key at a time, the list following the keyboard.
    const activeText = () =>
      picker.evaluate((element) => {
        const id = element.getAttribute('aria-activedescendant')
        const option = id ? (element.getRootNode() as ShadowRoot).getElementById(id) : null
        return option?.querySelector('.gw-token-line-symbol')?.textContent ?? null
      })
    for (let step = 0; step < options.length && (await activeText()) !== 'USDC'; step++) {
      await page.keyboard.press('ArrowDown')
    }
    expect(await activeText()).toBe('USDC')
    // Escape closes the list, not the modal, and changes nothing.
    await page.keyboard.press('Escape')
    expect(await picker.getAttribute('aria-expanded')).toBe('false')
    expect(await dialog(page).count()).toBe(1)
    expect(await shown()).toBe('ETH')
    // Open again on the token chosen, go down to USDC, and take it.
    await page.keyboard.press('ArrowDown')
    for (let step = 0; step < options.length && (await activeText()) !== 'USDC'; step++) {
      await page.keyboard.press('ArrowDown')
    }
    await page.keyboard.press('Enter')
    expect(await picker.getAttribute('aria-expanded')).toBe('false')
    await expect.poll(shown).toBe('USDC')
    // Focus stays on the picker: the visitor carries on with Tab.
    expect(
      await picker.evaluate(
        (element) => (element.getRootNode() as ShadowRoot).activeElement === element,
      ),
    ).toBe(true)

    await dialog(page).getByLabel('Amount').fill('12.5')
    const receiver = privateKeyToAccount(demo.config.walletKeys[1]!).address
    await dialog(page).getByLabel('Receiver address').fill(receiver)
    await dialog(page).getByRole('button', { name: 'Review' }).click()
    await expect
      .poll(() =>
        dialog(page)
          .getByText(/^Send 12\.5 /)
          .textContent(),
      )
      .toBe(`Send 12.5 USDC to ${truncateAddress(receiver)}`)
  })
})

/** The Account header's geometry as a visitor sees it. */
const headerOf = (page: Page) =>
  dialog(page).evaluate(() => {
    const root = document.querySelector('gangway-modal')!.shadowRoot!
    const line = root.querySelector('[data-gangway="wallet"]')!
    const icon = line.querySelector('.gw-wallet-icon')!
    const text = line.querySelector('span:not(.gw-wallet-icon)')!
    const rect = (element: Element) => element.getBoundingClientRect()
    const style = getComputedStyle(text)
    const avatar = root.querySelector('[data-gangway="avatar"]') as HTMLImageElement
    const actions = [...root.querySelectorAll('[data-gangway="account-actions"] [data-action]')]
    return {
      lineHeight: rect(line).height,
      textLines: Math.round(rect(text).height / Number.parseFloat(style.lineHeight)),
      ellipsis: style.textOverflow,
      icon: { width: rect(icon).width, height: rect(icon).height },
      // From the icon's far edge to the text: the two sit together, not across an empty half.
      gap: Math.abs(
        document.documentElement.dir === 'rtl' || getComputedStyle(line).direction === 'rtl'
          ? rect(icon).left - rect(text).right
          : rect(text).left - rect(icon).right,
      ),
      avatar: avatar
        ? {
            source: avatar.dataset.source,
            drawn: avatar.complete && avatar.naturalWidth > 0,
            width: rect(avatar).width,
            height: rect(avatar).height,
            src: avatar.src,
          }
        : null,
      actions: actions.map((action) => action.getAttribute('data-action')),
      actionRows: new Set(actions.map((action) => Math.round(rect(action).top))).size,
    }
  })

describe('the Account header (item 10)', () => {
  test('behavior: at 360 px the wallet reads on one line beside its square icon, the account has its identicon, the actions sit in one row in §9 order', async () => {
    const { page } = await fresh({}, { viewport: { width: 360, height: 740 } })
    await connectDemoWallet(page, visitor)
    await connectButton(page).click()
    await dialog(page).locator('[data-gangway="avatar"]').waitFor()
    await expect.poll(async () => (await headerOf(page)).avatar?.drawn).toBe(true)
    const header = await headerOf(page)
    expect(header.textLines).toBe(1)
    expect(header.ellipsis).toBe('ellipsis')
    expect(header.icon).toEqual({ width: 20, height: 20 })
    expect(header.gap).toBeLessThan(12)
    expect(header.avatar).toMatchObject({ source: 'identicon', width: 64, height: 64 })
    expect(header.avatar!.src).toMatch(/^data:image\/svg\+xml,/)
    // §9: onramp, swaps, receive, send: whichever the demo offers, in that order, side by side.
    expect(header.actions.length).toBeGreaterThanOrEqual(2)
    expect(header.actions).toEqual(
      [...header.actions].sort(
        (left, right) =>
          WALLET_FEATURE_ORDER.indexOf(left as never) -
          WALLET_FEATURE_ORDER.indexOf(right as never),
      ),
    )
    expect(header.actionRows).toBe(1)
    await expect
      .poll(() => dialog(page).getByRole('button', { name: 'Send', exact: true }).count())
      .toBe(1)
    // The identicon is the address's: the next account draws another one.
    const first = header.avatar!.src
    await page.evaluate(() =>
      (
        window as unknown as { gangwayDemoWallet: { switchAccount(index: number): void } }
      ).gangwayDemoWallet.switchAccount(1),
    )
    const next = privateKeyToAccount(demo.config.walletKeys[1]!).address
    await expect
      .poll(() => dialog(page).locator('[data-gangway="address"]').textContent())
      .toBe(truncateAddress(next))
    expect((await headerOf(page)).avatar!.src).not.toBe(first)
    await screenshot(page, 'account-header-360')
  })

  test.each([
    ['light', { theme: 'light' }],
    ['dark', {}],
    ['rtl', { locale: 'ar' }],
  ] as const)('behavior: %s: the Account view has no axe violation', async (mode, query) => {
    const { page } = await fresh(query)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: DEMO_WALLET }).click()
    await expect.poll(() => dialog(page).count()).toBe(0)
    await connectButton(page).click()
    await dialog(page).locator('[data-gangway="avatar"]').waitFor()
    await dialog(page).getByRole('tab').first().waitFor()
    const header = await headerOf(page)
    expect(header.textLines).toBe(1)
    expect(header.gap).toBeLessThan(12)
    await expectNoAxeViolations(page, `Account ${mode}`)
    await screenshot(page, `account-header-${mode}`)
  })

  test('behavior: an account with an ENS name and avatar shows both in the header; one with a name and no avatar, or an unsafe one (javascript:), shows its name and its identicon', async () => {
    const avatars = await startAvatarServer()
    try {
      const avatar = `${avatars.url}/avatar.svg`
      const [second, third] = [1, 2].map(
        (index) => privateKeyToAccount(demo.config.walletKeys[index]!).address,
      )
      // A Universal Resolver on the demo's main chain, which the page uses when told (?ens=).
      const { address: resolver } = await deployTestEnsResolver({
        ...deployerClients(),
        records: [
          { address: visitor, name: 'gangway-visitor.eth', avatar },
          { address: second!, name: 'no-avatar.eth' },
          {
            address: third!,
            name: 'unsafe-avatar.eth',
            avatar: 'javascript:alert(document.domain)',
          },
        ],
      })
      const { page } = await fresh({ ens: resolver })
      await connectDemoWallet(page, visitor)
      await connectButton(page).click()
      const name = dialog(page).locator('[data-gangway="address"]')
      await expect.poll(() => name.textContent(), { timeout: 15_000 }).toBe('gangway-visitor.eth')
      // The avatar the name's record points at, drawn, in the identicon's place and size.
      await expect.poll(async () => (await headerOf(page)).avatar?.drawn).toBe(true)
      expect((await headerOf(page)).avatar).toMatchObject({
        source: 'profile',
        src: avatar,
        width: 64,
        height: 64,
      })
      await expectNoAxeViolations(page, 'Account with an ENS avatar')
      await screenshot(page, 'account-ens-avatar')

      const switchAccount = (index: number) =>
        page.evaluate(
          (to) =>
            (
              window as unknown as { gangwayDemoWallet: { switchAccount(index: number): void } }
            ).gangwayDemoWallet.switchAccount(to),
          index,
        )
      // A name without an avatar: the name, and the address's identicon.
      await switchAccount(1)
      await expect.poll(() => name.textContent(), { timeout: 15_000 }).toBe('no-avatar.eth')
      await expect
        .poll(async () => (await headerOf(page)).avatar)
        .toMatchObject({ source: 'identicon', drawn: true })
      expect((await headerOf(page)).avatar!.src).toMatch(/^data:image\/svg\+xml,/)
      // An avatar record that is a script, not an image: never rendered, the identicon instead.
      await switchAccount(2)
      await expect.poll(() => name.textContent(), { timeout: 15_000 }).toBe('unsafe-avatar.eth')
      const unsafe = (await headerOf(page)).avatar!
      expect(unsafe).toMatchObject({ source: 'identicon', drawn: true })
      expect(unsafe.src).toMatch(/^data:image\/svg\+xml,/)
      expect(
        await dialog(page).evaluate(
          (element) =>
            element.getRootNode() instanceof ShadowRoot &&
            (element.getRootNode() as ShadowRoot).innerHTML.includes('javascript:'),
        ),
      ).toBe(false)
      await screenshot(page, 'account-ens-unsafe-avatar')
    } finally {
      await new Promise((resolve) => avatars.server.close(resolve))
    }
  })

  test('behavior: a WalletConnect wallet with a wide icon keeps a square icon, not a stretched pill', async () => {
    relay = await startRelay()
    // A wallet whose icon is ten times wider than tall.
    const wide = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 20"><rect width="200" height="20" fill="#0a7"/></svg>')}`
    const remote = await createRemoteTestWallet({
      relayUrl: relay.url,
      privateKeys: [REMOTE_KEY],
      chains: [
        { id: main!.id, rpcUrl: main!.rpcUrl, name: main!.name },
        { id: side!.id, rpcUrl: side!.rpcUrl, name: side!.name },
      ],
      metadata: {
        name: 'A WalletConnect wallet with a rather long name that cannot fit',
        description: 'e2e',
        url: 'https://e2e.invalid',
        icons: [wide],
      },
    })
    try {
      const { page, context } = await fresh({ relay: relay.url })
      await context.grantPermissions(['clipboard-read', 'clipboard-write'])
      await connectButton(page).click()
      await dialog(page).getByRole('button', { name: 'WalletConnect', exact: true }).click()
      await dialog(page).getByRole('button', { name: 'Copy link' }).click()
      await dialog(page).getByRole('button', { name: 'Link copied' }).waitFor()
      await remote.pair(await page.evaluate(() => navigator.clipboard.readText()))
      await expect
        .poll(() => connectButton(page).textContent(), { timeout: 15_000 })
        .toContain(truncateAddress(remoteAddress))
      await connectButton(page).click()
      await dialog(page).locator('[data-gangway="wallet"] img').waitFor()
      const header = await headerOf(page)
      expect(header.icon).toEqual({ width: 20, height: 20 })
      expect(
        await dialog(page)
          .locator('[data-gangway="wallet"] img')
          .evaluate((image) => getComputedStyle(image).objectFit),
      ).toBe('contain')
      expect(header.textLines).toBe(1)
      expect(header.ellipsis).toBe('ellipsis')
      await screenshot(page, 'account-header-walletconnect')
    } finally {
      await remote.close()
    }
  })
})

describe('the WalletConnect view of a picked wallet (item 15)', () => {
  test('behavior: on a desktop without MetaMask, picking it titles the view MetaMask and offers Get MetaMask; Link copied ends after a moment and when the link is refreshed', async () => {
    relay = await startRelay()
    const { page, context } = await fresh({ relay: relay.url })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.clock.install()
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'MetaMask', exact: true }).click()
    await dialog(page).getByRole('img', { name: 'WalletConnect QR code' }).waitFor()
    await expect.poll(() => heading(page).textContent()).toBe('MetaMask')
    const get = dialog(page).getByRole('link', { name: 'Get MetaMask' })
    expect(await get.getAttribute('href')).toBe('https://metamask.io/')
    expect(await get.getAttribute('rel')).toContain('noopener')
    await expectNoAxeViolations(page, 'WalletConnect MetaMask')
    await screenshot(page, 'walletconnect-metamask-desktop')

    const copy = dialog(page).locator('[data-gangway="copy-link"]')
    await copy.click()
    await expect.poll(() => copy.textContent()).toBe('Link copied')
    // A moment later it is a button to copy again.
    await page.clock.fastForward(2_500)
    await expect.poll(() => copy.textContent()).toBe('Copy link')
    // Copied, then the pairing expires and a fresh link replaces it: the clipboard holds the
    // old one, so nothing may say 'Link copied'.
    await copy.click()
    await expect.poll(() => copy.textContent()).toBe('Link copied')
    const first = await page.evaluate(() => navigator.clipboard.readText())
    const qr = () =>
      dialog(page)
        .getByRole('img', { name: 'WalletConnect QR code' })
        .locator('path')
        .getAttribute('d')
    const before = await qr()
    await page.clock.runFor(1_000)
    expect(await copy.textContent()).toBe('Link copied')
    await page.clock.fastForward('03:51')
    await expect.poll(qr, { timeout: 15_000 }).not.toBe(before)
    expect(await copy.textContent()).toBe('Copy link')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first)
  })

  test('behavior: on Android, picking MetaMask offers Open MetaMask with its deep link and no QR code under it', async () => {
    relay = await startRelay()
    const { page } = await fresh(
      { relay: relay.url },
      {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        userAgent: ANDROID,
      },
    )
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'MetaMask', exact: true }).click()
    const open = dialog(page).getByRole('link', { name: 'Open MetaMask' })
    await open.waitFor()
    expect((await open.getAttribute('href'))?.startsWith('metamask://wc?uri=wc%3A')).toBe(true)
    expect(await heading(page).textContent()).toBe('MetaMask')
    expect(await dialog(page).getByRole('img', { name: 'WalletConnect QR code' }).count()).toBe(0)
    expect(await dialog(page).getByText('Scan with your phone').count()).toBe(0)
    await expectNoAxeViolations(page, 'WalletConnect MetaMask on Android')
    await screenshot(page, 'walletconnect-metamask-android')
  })
})
