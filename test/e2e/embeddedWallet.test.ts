/**
 * Issue 23 in Chromium: email and social login into the embedded wallet a Gangway server serves
 * on its own origin (`wallet.localhost`, on 127.0.0.2), embedded by the demo on 127.0.0.1 and on
 * localhost, with storage partitioned by top-level site and third-party cookies blocked, as
 * visitors' Chrome has them. Mail is captured by a local SMTP server, social login goes through a
 * local OpenID provider, passkeys come from Chromium's virtual authenticator (PRF), transactions
 * are mined by the demo's anvil.
 *
 * The tests run in order and share one browser profile, like one visitor: the first logs in and
 * later ones use that session, that device and that passkey.
 */
import { mnemonicToSeedSync } from '@scure/bip39'
import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import { HDKey as Slip10Key } from 'micro-key-producer/slip10.js'
import type { Frame, FrameLocator, Page } from 'playwright-core'
import {
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  parseEther,
  verifyMessage,
} from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { addressesOf } from '../../server/embedded/frame/accounts.js'
import {
  openDeviceShare,
  recombine,
  type SealedDeviceShare,
} from '../../server/embedded/frame/custody.js'
import { createServerKeys } from '../../server/embedded/secrets.js'
import { embeddedShares } from '../../server/storage/schema.js'
import { truncateAddress } from '../../src/kernel/index.js'
import { solanaLocalnet } from '../../src/plugins/solana/networks.js'
import { FRAME_REQUEST_TYPES } from '../../src/services/gangway/embeddedWalletProtocol.js'
import { ANVIL_KEYS, localChain } from '../support/eip155.js'
import { runAxe } from './support/axe.js'
import { connectButton, dialog } from './support/demoSession.js'
import {
  addVirtualAuthenticator,
  axeViolationsInFrame,
  launchVisitorBrowser,
  type OtherSite,
  RESTRICTED_PROJECT,
  startOtherSite,
  startWalletWorld,
  type VirtualAuthenticator,
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
const solanaReader = new Connection(demo.config.solana.rpcUrl, 'confirmed')
const solanaNetworkId = solanaLocalnet({
  genesisHash: demo.config.solana.genesisHash,
  rpcUrl: demo.config.solana.rpcUrl,
}).id

let world: WalletWorld
let browser: VisitorBrowser
let other: OtherSite

beforeAll(async () => {
  world = await startWalletWorld(demo)
  browser = await launchVisitorBrowser()
  other = await startOtherSite()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await other?.close()
  await world?.stop()
})

/** The wallet frame as the page embeds it. */
const walletFrame = (page: Page): FrameLocator =>
  page.frameLocator('iframe[data-gangway-wallet-frame]')
/** The wallet frame's document (Playwright's frame), once it is attached. */
async function walletFrameOf(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe[data-gangway-wallet-frame]').elementHandle()
  const frame = await handle?.contentFrame()
  if (!frame) throw new Error('the page has no wallet frame')
  return frame
}

/** The modal's card (the dialog in its shadow root). */
const modalCard = (page: Page) => page.locator('gangway-modal .gw-dialog')

/**
 * The frame's dialog for the visitor's click, shown in the modal's ApproveTransaction view: the
 * view's title and line in the card, the frame exactly over the view's slot, inside the card.
 */
async function approvalInModal(page: Page) {
  await dialog(page).getByRole('heading', { name: 'Approve in your wallet' }).waitFor()
  await dialog(page).getByText('Your wallet asks for your approval.').waitFor()
  const approval = walletFrame(page).getByRole('dialog')
  await approval.first().waitFor()
  const frameElement = page.locator('iframe[data-gangway-wallet-frame]')
  const slot = page.locator('[data-gangway="approval-slot"]')
  // The card rises into place as it opens: the frame follows it there.
  await expect
    .poll(async () => {
      const [card, frame, hosted] = await Promise.all([
        modalCard(page).boundingBox(),
        frameElement.boundingBox(),
        slot.boundingBox(),
      ])
      if (!card || !frame || !hosted) return 'not all on screen'
      const within =
        frame.x >= card.x &&
        frame.y >= card.y &&
        frame.x + frame.width <= card.x + card.width &&
        frame.y + frame.height <= card.y + card.height
      const over = (['x', 'y', 'width', 'height'] as const).every(
        (side) => Math.abs(frame[side] - hosted[side]) < 1,
      )
      return within && over && frame.height > 150
        ? 'within the card, over the slot'
        : `elsewhere: ${JSON.stringify({ card, frame, hosted })}`
    })
    .toBe('within the card, over the slot')
  // The frame draws in the card's theme, whatever the system's is.
  const cardTheme = await page.locator('gangway-modal .gw-root').first().getAttribute('data-theme')
  const frame = await walletFrameOf(page)
  await expect
    .poll(() => frame.evaluate(() => document.documentElement.dataset.theme))
    .toBe(cardTheme)
  return approval
}

let emails = 0
/** A fresh address per login: accounts never carry over between tests that want a new one. */
const freshEmail = () => `visitor${++emails}-${Date.now()}@mail.test`

/** A page of the profile on `url`, with a passkey authenticator, once its connect button shows. */
async function open(url: string) {
  const page = await browser.context.newPage()
  const authenticator = await addVirtualAuthenticator(page)
  await page.goto(url)
  await page.getByRole('button', { name: /Connect Wallet|0x/ }).waitFor()
  return { page, authenticator }
}

/** The eip155 address the page's kit is connected with. */
const kitAddress = (page: Page) =>
  page.evaluate(() => {
    const kit = (window as unknown as { gangwayKit: { getState(): unknown } }).gangwayKit
    const state = kit.getState() as {
      namespaces: { entities: Record<string, { accountState: { address?: string } }> }
    }
    return state.namespaces.entities.eip155?.accountState.address
  }) as Promise<Hex | undefined>

/** The address the page's kit is connected with in a namespace. */
const kitAddressIn = (page: Page, namespace: string) =>
  page.evaluate((namespace) => {
    const kit = (window as unknown as { gangwayKit: { getState(): unknown } }).gangwayKit
    const state = kit.getState() as {
      namespaces: { entities: Record<string, { accountState: { address?: string } }> }
    }
    return state.namespaces.entities[namespace]?.accountState.address
  }, namespace)

const networkButton = (page: Page) => page.locator('[data-gangway="network-button"]')
async function pickNetwork(page: Page, name: string) {
  await networkButton(page).click()
  await dialog(page)
    .getByRole('button', { name: new RegExp(`^${name}( ·.*)?$`) })
    .click()
  await expect.poll(() => networkButton(page).textContent()).toBe(name)
}

/** The kit's §3 embedded-wallet user for eip155. */
const kitUser = (page: Page) =>
  page.evaluate(() => {
    const kit = (window as unknown as { gangwayKit: { getState(): unknown } }).gangwayKit
    const state = kit.getState() as {
      embeddedWallet?: { users: Record<string, { email?: string; address: string }> }
    }
    return state.embeddedWallet?.users.eip155
  })

async function expectAxeClean(page: Page, view: string) {
  // A modal that just opened is still fading in: its colours are checked once they settle. Its
  // animations live in its shadow root (the document's list leaves them out), and a fade that has
  // not started yet shows only as an opacity below 1.
  await page.waitForFunction(() => {
    const root = document.querySelector('gangway-modal')?.shadowRoot
    const animations = [...document.getAnimations(), ...(root?.getAnimations() ?? [])]
    const settled = animations.every(
      (animation) =>
        animation.playState !== 'running' ||
        animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
    )
    const opaque = [...(root?.querySelectorAll('.gw-overlay, .gw-dialog') ?? [])].every(
      (element) => getComputedStyle(element).opacity === '1',
    )
    return settled && opaque
  })
  const report = await runAxe(page)
  expect(
    report.violations.map(
      (violation) =>
        `${view}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([])
}
async function expectFrameAxeClean(page: Page, view: string) {
  expect(
    (await axeViolationsInFrame(await walletFrameOf(page))).map((line) => `${view}: ${line}`),
  ).toEqual([])
}

/**
 * Email login as a new visitor: the address, the code from the mail, the passkey created in the
 * frame, the recovery key kept. Checks every view with axe when `axe` is set.
 */
async function emailLogin(page: Page, email: string, options: { axe?: string } = {}) {
  await connectButton(page).click()
  await dialog(page).getByLabel('Email').waitFor()
  if (options.axe) await expectAxeClean(page, `Connect with the email field inline ${options.axe}`)
  await dialog(page).getByLabel('Email').fill(email)
  await dialog(page).getByRole('button', { name: 'Continue with email' }).click()
  const code = await world.mail.nextCode(email)
  await dialog(page).getByLabel('Code').waitFor()
  if (options.axe) await expectAxeClean(page, `EmailVerifyOtp ${options.axe}`)
  await dialog(page).getByLabel('Code').fill(code)
  await dialog(page).getByRole('button', { name: 'Verify' }).click()
  return createWalletInFrame(page, options)
}

/** The frame's two steps of a new wallet: the passkey, then the recovery key. */
async function createWalletInFrame(page: Page, options: { axe?: string } = {}) {
  await approvalInModal(page)
  const create = walletFrame(page).getByRole('button', { name: 'Create passkey' })
  await create.waitFor()
  if (options.axe) {
    await expectAxeClean(page, `ApproveTransaction ${options.axe}`)
    await expectFrameAxeClean(page, `frame: create your wallet ${options.axe}`)
  }
  await create.click()
  const recovery = walletFrame(page).getByRole('dialog', { name: 'Keep your recovery key' })
  await recovery.waitFor()
  if (options.axe) await expectFrameAxeClean(page, `frame: recovery key ${options.axe}`)
  const recoveryText = (await recovery.locator('pre').textContent()) ?? ''
  await recovery.getByRole('button', { name: 'I saved it' }).click()
  await expect.poll(() => kitAddress(page), { timeout: 20_000 }).toMatch(/^0x/)
  const address = (await kitAddress(page)) as Hex
  await expect.poll(() => connectButton(page).textContent()).toContain(truncateAddress(address))
  return { address, recoveryText }
}

/** Disconnects (§4: the embedded wallet signs out) when the page came back connected. */
async function disconnectIfConnected(page: Page) {
  if ((await connectButton(page).textContent())?.includes('Connect Wallet')) return
  await connectButton(page).click()
  await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
  await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
}

/** The demo's Send flow up to the wallet's approval. */
async function startSend(page: Page, amount: string, receiver: string) {
  await connectButton(page).click()
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  await dialog(page).getByLabel('Amount').fill(amount)
  await dialog(page).getByLabel('Receiver address').fill(receiver)
  await dialog(page).getByRole('button', { name: 'Review' }).click()
  await dialog(page).getByRole('button', { name: 'Send now' }).click()
}

/** The visitor every later test continues with. */
const visitor = {
  email: '',
  address: '0x' as Hex,
  recoveryText: '',
  solanaAddress: '',
  page: undefined as unknown as Page,
  authenticator: undefined as unknown as VirtualAuthenticator,
}

describe('one visitor, in order', () => {
  test('behavior: a new visitor logs in with an email code, creates the wallet with a passkey in the frame, and sends ETH on anvil after approving in the frame (every view axe-clean, dark)', async () => {
    const { page, authenticator } = await open(world.pageUrl(world.sites[0]))
    await page.emulateMedia({ colorScheme: 'dark' })
    visitor.email = freshEmail()
    const { address, recoveryText } = await emailLogin(page, visitor.email, { axe: 'dark' })
    Object.assign(visitor, { page, authenticator, address, recoveryText })
    // The passkey belongs to the wallet origin, never to the site.
    expect(await authenticator.credentials()).toEqual([
      expect.objectContaining({ rpId: WALLET_HOST }),
    ])
    expect(recoveryText).toMatch(/gwr\d-/)
    expect(await kitUser(page)).toMatchObject({ email: visitor.email, address })

    await funder.sendTransaction({ to: address, value: parseEther('1') })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    await startSend(page, '0.01', receiver)
    const approval = await approvalInModal(page)
    await expectAxeClean(page, 'ApproveTransaction over SendPreview dark')
    await expectFrameAxeClean(page, 'frame: approval dark')
    // The keyboard: the frame has the focus on its first button; Shift+Tab leads to the card's
    // controls, Tab from the card's last control back into the frame.
    const focusIsOnFrame = () =>
      page.evaluate(() => document.activeElement?.hasAttribute('data-gangway-wallet-frame'))
    await expect.poll(focusIsOnFrame).toBe(true)
    const frame = await walletFrameOf(page)
    expect(await frame.evaluate(() => document.activeElement?.textContent)).toBe('Approve')
    await page.keyboard.press('Shift+Tab')
    const modalFocus = () =>
      page.evaluate(() =>
        document
          .querySelector('gangway-modal')
          ?.shadowRoot?.activeElement?.getAttribute('aria-label'),
      )
    await expect.poll(modalFocus).toBe('Close')
    await page.keyboard.press('Tab')
    await expect.poll(focusIsOnFrame).toBe(true)
    await approval.getByRole('button', { name: 'Approve' }).click()
    await expect
      .poll(() => publicClient.getBalance({ address: receiver }), { timeout: 20_000 })
      .toBe(parseEther('0.01'))
    // Answered: the frame is out of sight, the visitor back on their account.
    await dialog(page).getByRole('heading', { name: 'Approve in your wallet' }).waitFor({
      state: 'detached',
    })
    expect(
      await page.locator('iframe[data-gangway-wallet-frame]').getAttribute('aria-hidden'),
    ).toBe('true')
  })

  test('the browser is as visitors have it: storage partitioning on, third-party cookies blocked in the wallet frame', async () => {
    expect(await browser.commandLine()).not.toContain('ThirdPartyStoragePartitioning')
    const frame = await walletFrameOf(visitor.page)
    expect(await frame.evaluate(() => document.hasStorageAccess())).toBe(false)
  })

  test('behavior: a reload keeps the session: the same account comes back without a code', async () => {
    const { page } = visitor
    const mails = world.mail.inbox.length
    await page.reload()
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 20_000 })
      .toContain(truncateAddress(visitor.address))
    expect(await kitUser(page)).toMatchObject({ email: visitor.email, address: visitor.address })
    expect(world.mail.inbox.length).toBe(mails)
  })

  test('behavior: the same login holds a Solana account, derived in the frame: a SOL send is read by the frame from the transaction, shown as what the visitor chose, approved there and confirmed by the local node', async () => {
    const page = visitor.page
    await expect
      .poll(() => kitAddressIn(page, 'solana'), { timeout: 20_000 })
      .toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const address = (await kitAddressIn(page, 'solana')) as string
    visitor.solanaAddress = address
    await solanaReader.requestAirdrop(new PublicKey(address), 2_000_000_000)
    // The visitor comes back later: the balance is read again when the session is restored.
    await page.reload()
    await expect.poll(() => kitAddressIn(page, 'solana'), { timeout: 20_000 }).toBe(address)
    await pickNetwork(page, 'Solana Localnet')
    await expect.poll(() => connectButton(page).textContent()).toContain(truncateAddress(address))
    // The airdrop shows in the balance before the visitor sends from it.
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 20_000 })
      .toContain('2 SOL')
    const receiver = Keypair.generate().publicKey.toBase58()
    await startSend(page, '0.01', receiver)
    const approval = await approvalInModal(page)
    expect(await approval.locator('pre').textContent()).toContain(`Send 0.01 SOL to ${receiver}`)
    await approval.getByRole('button', { name: 'Approve' }).click()
    await expect
      .poll(() => solanaReader.getBalance(new PublicKey(receiver)), { timeout: 20_000 })
      .toBe(10_000_000)
    await dialog(page).getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => dialog(page).count()).toBe(0)
    await pickNetwork(page, 'Anvil')
  })

  test('behavior: a page on another site posting every §7 message to the wallet frame and to the site changes nothing', async () => {
    const attacker = `attacker-${Date.now()}@mail.test`
    const hostile = await browser.context.newPage()
    await hostile.goto(
      other.serve('/hostile', '<!doctype html><title>Other site</title><h1>Other site</h1>'),
    )
    const [sitePage] = await Promise.all([
      browser.context.waitForEvent('page'),
      hostile.evaluate((url) => {
        Object.assign(window, { siteWindow: window.open(url, 'site') })
      }, world.pageUrl(world.sites[0])),
    ])
    await addVirtualAuthenticator(sitePage)
    // The site restores its session: the kit has put the frame in the page and connected.
    await expect
      .poll(() => connectButton(sitePage).textContent(), { timeout: 20_000 })
      .toContain(truncateAddress(visitor.address))
    await expect
      .poll(() =>
        hostile.evaluate(
          () => (window as unknown as { siteWindow: Window }).siteWindow.frames.length,
        ),
      )
      .toBe(1)

    const payloads: Record<string, unknown> = {
      SWITCH_NETWORK: { chainId: solanaNetworkId },
      CONNECT_EMAIL: { email: attacker },
      CONNECT_OTP: { otp: '000000' },
      CONNECT_SOCIAL: { uri: `${world.walletOrigin}/embedded/social/callback?state=forged` },
      GET_SOCIAL_REDIRECT_URI: { provider: 'google' },
      RPC_REQUEST: {
        chainId: `eip155:${mainChain!.id}`,
        method: 'eth_sendTransaction',
        params: [
          {
            from: visitor.address,
            to: privateKeyToAccount(ANVIL_KEYS[5]).address,
            value: '0xde0b6b3a7640000',
          },
        ],
      },
      UPDATE_EMAIL: { email: attacker },
      UPDATE_EMAIL_PRIMARY_OTP: { otp: '000000' },
      UPDATE_EMAIL_SECONDARY_OTP: { otp: '000000' },
      SYNC_THEME: { themeMode: 'light' },
      SYNC_DAPP_DATA: { projectId: 'demo', sdkVersion: '1', metadata: { name: 'Evil' } },
      SET_PREFERRED_ACCOUNT: { type: 'eoa' },
      DISMISS_APPROVAL: { requestId: crypto.randomUUID() },
    }
    await hostile.evaluate(
      ({ types, payloads, walletOrigin }) => {
        const site = (window as unknown as { siteWindow: Window }).siteWindow
        const frame = site.frames[0]!
        const answers: unknown[] = []
        Object.assign(window, { answers })
        // A handshake of its own: if the frame took this port, its replies would come here.
        const channel = new MessageChannel()
        channel.port1.onmessage = (event) => answers.push(event.data)
        frame.postMessage({ type: '@gangway/frame-connect', version: 1 }, '*', [channel.port2])
        for (const type of types) {
          const request = { id: crypto.randomUUID(), type, payload: payloads[type] ?? {} }
          frame.postMessage(request, '*')
          channel.port1.postMessage(request)
        }
        // And to the site's kit: a frame-ready, replies and a social result it never asked for.
        site.postMessage({ type: '@gangway/frame-ready', version: 1 }, '*')
        site.postMessage(
          {
            type: '@gangway/social-result',
            version: 1,
            uri: `${walletOrigin}/embedded/social/callback?state=forged`,
          },
          '*',
        )
        for (const type of types) {
          site.postMessage(
            {
              id: crypto.randomUUID(),
              type: `${type}_SUCCESS`,
              payload: { isConnected: false, chainId: 'eip155:1' },
            },
            '*',
          )
        }
      },
      { types: [...FRAME_REQUEST_TYPES], payloads, walletOrigin: world.walletOrigin },
    )

    // The real signal: the site's own request through its own port, after all of that. Had the
    // frame taken the forged eth_sendTransaction, its approval would be the first one shown.
    const signing = sitePage.evaluate(
      (message) =>
        (
          window as unknown as {
            gangwayKit: { signMessage(intent: { message: string }): Promise<{ signature: string }> }
          }
        ).gangwayKit
          .signMessage({ message })
          .then(
            (answer) => answer.signature,
            (error: { userMessage?: string }) => `refused: ${error.userMessage}`,
          ),
      'only the site asks',
    )
    const approvals = await approvalInModal(sitePage)
    expect(await approvals.count()).toBe(1)
    expect(await approvals.getByRole('heading').textContent()).toContain('personal_sign')
    await approvals.getByRole('button', { name: 'Reject' }).click()
    expect(await signing).toBe('refused: Signature declined')

    // Nothing else happened: no reply reached the other site, the session and account stand, no
    // mail went to the attacker, the frame stayed on its network.
    expect(
      await hostile.evaluate(() => (window as unknown as { answers: unknown[] }).answers),
    ).toEqual([])
    expect(await kitUser(sitePage)).toMatchObject({
      email: visitor.email,
      address: visitor.address,
    })
    expect(await kitAddress(sitePage)).toBe(visitor.address)
    expect(await sitePage.locator('iframe[data-gangway-wallet-frame]').count()).toBe(1)
    expect(world.mail.inbox.filter((mail) => mail.to === attacker)).toEqual([])
    await sitePage.reload()
    await expect
      .poll(() => connectButton(sitePage).textContent(), { timeout: 20_000 })
      .toContain(truncateAddress(visitor.address))
    await sitePage.close()
    await hostile.close()
  })

  test('the page alone cannot sign: it reads none of the frame, calls none of its API, uses none of its passkeys, and a signature waits for the visitor’s click in the frame', async () => {
    const page = visitor.page
    const attempts = await page.evaluate(async (walletOrigin) => {
      const iframe = document.querySelector(
        'iframe[data-gangway-wallet-frame]',
      ) as HTMLIFrameElement
      const outcome = async (run: () => unknown) => {
        try {
          return `ok: ${JSON.stringify(await run())}`
        } catch (error) {
          return `${(error as Error).name}`
        }
      }
      return {
        storage: await outcome(() => iframe.contentWindow?.localStorage.length),
        document: await outcome(() => iframe.contentWindow?.document.body.innerHTML),
        serverShare: await outcome(() =>
          fetch(`${walletOrigin}/embedded/api/shares/server`, {
            method: 'POST',
            credentials: 'include',
            headers: { 'content-type': 'application/json', 'x-project-id': 'demo' },
            body: JSON.stringify({ publicKey: 'AA==' }),
          }).then((response) => response.status),
        ),
        passkey: await outcome(() =>
          navigator.credentials.get({
            publicKey: {
              rpId: new URL(walletOrigin).hostname,
              challenge: new Uint8Array(32),
              userVerification: 'required',
            },
          }),
        ),
      }
    }, world.walletOrigin)
    expect(attempts).toEqual({
      storage: 'SecurityError',
      document: 'SecurityError',
      // CORS is never opened: the browser gives the page nothing.
      serverShare: 'TypeError',
      passkey: 'SecurityError',
    })
    // Even without CORS the request went out; the server refused it before anything ran.
    const refused = page.waitForResponse((response) =>
      response.url().endsWith('/embedded/api/shares/server'),
    )
    await page.evaluate((walletOrigin) => {
      void fetch(`${walletOrigin}/embedded/api/shares/server`, {
        method: 'POST',
        mode: 'no-cors',
        credentials: 'include',
        body: '{}',
      })
    }, world.walletOrigin)
    expect((await refused).status()).toBe(403)

    // Asking through the kit, the page gets a signature only after the visitor's click in the
    // frame, which no script of the page can reach.
    const signing = page.evaluate(
      (message) =>
        (
          window as unknown as {
            gangwayKit: { signMessage(intent: { message: string }): Promise<{ signature: string }> }
          }
        ).gangwayKit
          .signMessage({ message })
          .then((answer) => answer.signature),
      'signed by the visitor',
    )
    const approval = await approvalInModal(page)
    expect(
      await page.evaluate(() => {
        try {
          const frame = document.querySelector(
            'iframe[data-gangway-wallet-frame]',
          ) as HTMLIFrameElement
          ;(frame.contentWindow as Window).document.querySelector('button')?.click()
          return 'clicked'
        } catch (error) {
          return (error as Error).name
        }
      }),
    ).toBe('SecurityError')
    await approval.getByRole('button', { name: 'Approve' }).click()
    const signature = (await signing) as Hex
    expect(
      await verifyMessage({
        address: visitor.address,
        message: 'signed by the visitor',
        signature,
      }),
    ).toBe(true)
  })

  test('behavior: export happens only inside the frame after a fresh passkey check: the phrase shows there, the page gets nothing of it, and it is the visitor’s wallet (axe-clean)', async () => {
    const page = visitor.page
    const exporting = page.evaluate(() =>
      (
        window as unknown as {
          gangwayKit: { features: { embeddedWallet: { exportWallet(): Promise<unknown> } } }
        }
      ).gangwayKit.features.embeddedWallet
        .exportWallet()
        .then((answer) => JSON.stringify(answer ?? null)),
    )
    await approvalInModal(page)
    const asking = walletFrame(page).getByRole('dialog', { name: 'Show your recovery phrase' })
    await asking.waitFor()
    await expectFrameAxeClean(page, 'frame: export warning dark')
    await asking.getByRole('button', { name: 'Continue' }).click()
    const shown = walletFrame(page).getByRole('dialog', { name: 'Your recovery phrase' })
    await shown.waitFor()
    await expectFrameAxeClean(page, 'frame: recovery phrase dark')
    const phrase = ((await shown.locator('pre').textContent()) ?? '').trim()
    await shown.getByRole('button', { name: 'Done' }).click()
    expect(await exporting).toBe('null')
    expect(phrase.split(' ')).toHaveLength(24)
    expect(mnemonicToAccount(phrase).address).toBe(visitor.address)
  })

  test('the server alone cannot sign: its share and the sealed device share it keeps rebuild no key of the visitor’s', async () => {
    const server = world.server()!
    const rows = await server.storage.db.select().from(embeddedShares)
    const row = rows.find(
      (candidate) =>
        (JSON.parse(candidate.accounts) as { eip155: string }).eip155 === visitor.address,
    )
    if (!row) throw new Error('the server keeps no shares for the visitor')
    const keys = createServerKeys(world.atRestKey)
    const serverShare = keys.openAtRest(row.serverShare, row.userId)
    const sealed = JSON.parse(row.deviceShare) as SealedDeviceShare
    // One share is refused.
    await expect(recombine([serverShare, serverShare])).rejects.toThrow('two different shares')
    // The device share does not open without the passkey's PRF output.
    expect(() => openDeviceShare(sealed, new Uint8Array(32), row.userId)).toThrow()
    expect(() => openDeviceShare(sealed, serverShare.slice(0, 32), row.userId)).toThrow()
    // Its ciphertext taken for a share rebuilds noise, not the visitor's wallet.
    const ciphertext = new Uint8Array(Buffer.from(sealed.ciphertext, 'base64')).slice(
      0,
      serverShare.length,
    )
    const noise = await recombine([serverShare, ciphertext]).catch(() => undefined)
    if (noise) expect(addressesOf(noise).eip155).not.toBe(visitor.address)
    // And there is nothing on the server to sign with: the visitor's passkey lives in the browser.
    expect(await visitor.authenticator.credentials()).toHaveLength(1)
  })

  test('behavior: a second site embedding the same wallet origin: a login of its own (this browser is a new device to it), the same wallet, signing with the same passkey', async () => {
    const page = visitor.page
    await page.goto(world.pageUrl(world.sites[1]))
    // Storage is partitioned by top-level site: the frame under localhost has no session.
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    await connectButton(page).click()
    await dialog(page).getByLabel('Email').fill(visitor.email)
    await dialog(page).getByRole('button', { name: 'Continue with email' }).click()
    await dialog(page).getByText(`Open the link we sent to ${visitor.email}`).waitFor()
    await expectAxeClean(page, 'EmailVerifyDevice dark')
    const approvalMail = await world.mail.next(visitor.email)
    const link = /(http:\/\/\S+\/embedded\/device\?token=[\w-]+)/.exec(approvalMail.text)?.[1]
    if (!link) throw new Error(`no approval link in: ${approvalMail.text}`)
    const linkPage = await browser.context.newPage()
    await linkPage.goto(link)
    expect(await linkPage.getByRole('heading').textContent()).toBe('Device approved')
    await linkPage.close()
    const code = await world.mail.nextCode(visitor.email)
    await dialog(page).getByLabel('Code').fill(code)
    await dialog(page).getByRole('button', { name: 'Verify' }).click()
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 20_000 })
      .toContain(truncateAddress(visitor.address))
    const signing = page.evaluate(
      (message) =>
        (
          window as unknown as {
            gangwayKit: { signMessage(intent: { message: string }): Promise<{ signature: string }> }
          }
        ).gangwayKit
          .signMessage({ message })
          .then((answer) => answer.signature),
      'hello from the second site',
    )
    await (await approvalInModal(page)).getByRole('button', { name: 'Approve' }).click()
    expect(
      await verifyMessage({
        address: visitor.address,
        message: 'hello from the second site',
        signature: (await signing) as Hex,
      }),
    ).toBe(true)
    // Still one passkey: the second site used the visitor's.
    expect(await visitor.authenticator.credentials()).toHaveLength(1)
  })

  test("behavior: a visitor who closes the modal while the frame asks declines: the page's request fails with 'Signature declined', the frame's dialog goes, and no transaction lands on anvil", async () => {
    const page = visitor.page
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 20_000 })
      .toContain(truncateAddress(visitor.address))
    const nonce = await publicClient.getTransactionCount({ address: visitor.address })
    const declined = privateKeyToAccount(generatePrivateKey()).address
    // The site's own send, from its page, with the modal closed: the approval opens it.
    const sending = page.evaluate(
      (to) =>
        (
          window as unknown as {
            gangwayKit: {
              features: {
                send: { send(parameters: object): Promise<{ hash: string }> }
              }
            }
          }
        ).gangwayKit.features.send
          .send({ to, amount: '0.02', token: null })
          .then(
            (answer) => answer.hash,
            (error: { code?: string; userMessage?: string }) =>
              `refused: ${error.code} ${error.userMessage}`,
          ),
      declined,
    )
    await approvalInModal(page)
    await expectAxeClean(page, 'ApproveTransaction over a closed modal dark')
    await dialog(page).getByRole('button', { name: 'Close' }).click()
    expect(await sending).toBe('refused: USER_REJECTED Signature declined')
    await expect.poll(() => dialog(page).count()).toBe(0)
    expect(await walletFrame(page).getByRole('dialog').count()).toBe(0)
    expect(
      await page.locator('iframe[data-gangway-wallet-frame]').getAttribute('aria-hidden'),
    ).toBe('true')
    // The real signal that nothing of it was sent: the next transaction the visitor approves is
    // mined with the nonce the declined one would have taken, and the declined receiver has none.
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const next = page.evaluate(
      (to) =>
        (
          window as unknown as {
            gangwayKit: {
              features: { send: { send(parameters: object): Promise<{ hash: string }> } }
            }
          }
        ).gangwayKit.features.send
          .send({ to, amount: '0.001', token: null })
          .then((answer) => answer.hash),
      receiver,
    )
    await (await approvalInModal(page)).getByRole('button', { name: 'Approve' }).click()
    const receipt = await publicClient.waitForTransactionReceipt({ hash: (await next) as Hex })
    const mined = await publicClient.getTransaction({ hash: receipt.transactionHash })
    expect(mined.nonce).toBe(nonce)
    expect(await publicClient.getBalance({ address: declined })).toBe(0n)
    expect(await publicClient.getBalance({ address: receiver })).toBe(parseEther('0.001'))
    await expect.poll(() => dialog(page).count()).toBe(0)
  })

  test('behavior: an Arabic kit’s approval reads Arabic in the frame, right to left, what it read from the send too (axe-clean); rejected there, nothing is sent', async () => {
    const page = visitor.page
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 20_000 })
      .toContain(truncateAddress(visitor.address))
    // The demo's language picker is on the page, under the modal: the modal goes first.
    const closeModal = async () => {
      if ((await dialog(page).count()) === 0) return
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog(page).count()).toBe(0)
    }
    await closeModal()
    await page.locator('[data-demo="locale"]').selectOption('ar')
    await expect.poll(() => connectButton(page).getAttribute('lang')).toBe('ar')
    try {
      const receiver = privateKeyToAccount(generatePrivateKey()).address
      const sending = page.evaluate(
        (to) =>
          (
            window as unknown as {
              gangwayKit: {
                features: { send: { send(parameters: object): Promise<{ hash: string }> } }
              }
            }
          ).gangwayKit.features.send
            .send({ to, amount: '0.02', token: null })
            .then(
              (answer) => answer.hash,
              (error: { code?: string }) => `refused: ${error.code}`,
            ),
        receiver,
      )
      const approval = walletFrame(page).getByRole('dialog')
      await approval.getByRole('button', { name: 'موافقة' }).waitFor()
      const frame = await walletFrameOf(page)
      await expect
        .poll(() =>
          frame.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
        )
        .toEqual(['ar', 'rtl'])
      expect(await approval.getByRole('heading').textContent()).toContain('يطلب')
      // The frame's reading of the send: Arabic words around the amount, the symbol and the
      // receiver, each kept in its own order (isolated) inside the right-to-left line.
      const [line] = ((await approval.locator('pre').textContent()) ?? '').split('\n')
      expect(line).toMatch(
        /^إرسال \u2068(0[.٫]02|٠٫٠٢)\u2069 \u2068ETH\u2069 إلى \u2068(0x[0-9a-fA-F]{40})\u2069$/,
      )
      expect(line?.toLowerCase()).toContain(receiver.toLowerCase())
      await expectFrameAxeClean(page, 'frame: approval in Arabic')
      await expectAxeClean(page, 'ApproveTransaction in Arabic')
      await approval.getByRole('button', { name: 'رفض' }).click()
      expect(await sending).toBe('refused: USER_REJECTED')
      expect(await publicClient.getBalance({ address: receiver })).toBe(0n)
    } finally {
      // Whatever failed above, the next test finds the visitor in English with nothing pending:
      // an approval still open is rejected in the frame (its last button), where Escape can't reach.
      const pending = walletFrame(page).getByRole('dialog')
      if ((await pending.count()) > 0) await pending.getByRole('button').last().click()
      await closeModal()
      await page.locator('[data-demo="locale"]').selectOption('en')
      await expect.poll(() => connectButton(page).getAttribute('lang')).toBe('en')
    }
  })

  test("behavior: in a context the site marks restricted, a send is refused with 'Action not allowed' and nothing is signed", async () => {
    const { page } = await open(world.pageUrl(world.sites[0], RESTRICTED_PROJECT))
    await connectButton(page).click()
    await dialog(page).getByLabel('Email').fill(visitor.email)
    await dialog(page).getByRole('button', { name: 'Continue with email' }).click()
    // A known device under this site: a code straight away.
    await dialog(page)
      .getByLabel('Code')
      .fill(await world.mail.nextCode(visitor.email))
    await dialog(page).getByRole('button', { name: 'Verify' }).click()
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 20_000 })
      .toContain(truncateAddress(visitor.address))
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    await startSend(page, '0.01', receiver)
    await dialog(page).getByText('Action not allowed').waitFor()
    expect(await walletFrame(page).getByRole('dialog').count()).toBe(0)
    expect(await publicClient.getBalance({ address: receiver })).toBe(0n)
    await page.close()
  })

  test('behavior: social login through the local OpenID provider in a popup opened by the click; a new wallet (views axe-clean, light)', async () => {
    const email = freshEmail()
    world.oidc.signInAs({ sub: `sub-${email}`, email, emailVerified: true })
    const { page } = await open(world.pageUrl(world.sites[0], undefined, '&theme=light'))
    await page.emulateMedia({ colorScheme: 'light' })
    await disconnectIfConnected(page)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Continue with a social account' }).click()
    const google = dialog(page).getByRole('button', { name: 'Continue with Google' })
    await google.waitFor()
    await expectAxeClean(page, 'ConnectingSocial light')
    const [popup] = await Promise.all([browser.context.waitForEvent('page'), google.click()])
    await popup.waitForEvent('close', { timeout: 20_000 })
    const { address } = await createWalletInFrame(page, { axe: 'light' })
    expect(address).not.toBe(visitor.address)
    expect(await kitUser(page)).toMatchObject({ email, address })
    await page.close()
  })

  test('behavior: with the popup blocked, social login goes by redirect: the page goes to the provider, comes back, and the kit finishes the login as it starts (a new wallet, the fragment gone from the address)', async () => {
    const email = freshEmail()
    world.oidc.signInAs({ sub: `sub-${email}`, email, emailVerified: true })
    // The provider's own session from the popup login would sign that account in again.
    await browser.context.clearCookies({ domain: new URL(world.oidc.issuer).hostname })
    const page = await browser.context.newPage()
    // As a browser that blocks the window: window.open answers null.
    await page.addInitScript(() => {
      window.open = () => null
    })
    await addVirtualAuthenticator(page)
    await page.goto(world.pageUrl(world.sites[0]))
    await page.getByRole('button', { name: /Connect Wallet|0x/ }).waitFor()
    await disconnectIfConnected(page)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Continue with a social account' }).click()
    const back = page.waitForURL(/#gangway-social=/, { timeout: 20_000 })
    await dialog(page).getByRole('button', { name: 'Continue with Google' }).click()
    await back
    const { address } = await createWalletInFrame(page)
    expect(await kitUser(page)).toMatchObject({ email, address })
    expect(new URL(page.url()).hash).toBe('')
    await page.close()
  })

  test('behavior: email views axe-clean in the light theme', async () => {
    const { page } = await open(world.pageUrl(world.sites[0], undefined, '&theme=light'))
    await page.emulateMedia({ colorScheme: 'light' })
    await disconnectIfConnected(page)
    await emailLogin(page, freshEmail(), { axe: 'light' })
    await page.close()
  })

  test('behavior: §4 email update from Account: the new address (§5 refused when invalid), the code mailed to the current address, the code mailed to the new one, back on Account reading it (each view axe-clean)', async () => {
    const { page } = await open(world.pageUrl(world.sites[0]))
    await disconnectIfConnected(page)
    const before = freshEmail()
    const after = freshEmail()
    await emailLogin(page, before)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Update email' }).click()
    const field = dialog(page).getByLabel('New email')
    await field.waitFor()
    await expect.poll(() => dialog(page).textContent()).toContain(`Your email now: ${before}`)
    await expectAxeClean(page, 'UpdateEmailWallet')
    // The kit counts §5's 30 s from the login's code (the same address): the button waits for it.
    const send = dialog(page).getByRole('button', { name: 'Continue' })
    await field.fill('not-an-email')
    await send.click({ timeout: 35_000 })
    await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe('Invalid input')
    await field.fill(after)
    await send.click()
    const primary = await world.mail.nextCode(before)
    await dialog(page)
      .getByText(`To change your email, enter the code we sent to ${before}.`)
      .waitFor()
    await expectAxeClean(page, 'UpdateEmailPrimaryOtp')
    await dialog(page).getByLabel('Code').fill(primary)
    await dialog(page).getByRole('button', { name: 'Verify' }).click()
    const secondary = await world.mail.nextCode(after)
    await dialog(page).getByText(`We sent a code to ${after}.`).waitFor()
    await expectAxeClean(page, 'UpdateEmailSecondaryOtp')
    await dialog(page).getByLabel('Code').fill(secondary)
    await dialog(page).getByRole('button', { name: 'Verify' }).click()
    // Back on Account, told so in the polite live region.
    await dialog(page).getByRole('button', { name: 'Disconnect' }).waitFor()
    await expect
      .poll(() => page.locator('[data-gangway="snackbar"]').textContent())
      .toBe(`Your email is now ${after}`)
    expect(await kitUser(page)).toMatchObject({ email: after })
    await page.close()
    // The login, then up to 30 s of §5 cooldown the view counts down before the update can go.
  }, 120_000)

  test('a site not on the list: the server refuses the frame, the browser refuses to show it, and the kit says so', async () => {
    const responses: Record<string, number> = {}
    const consoleLines: string[] = []
    const page = await browser.context.newPage()
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (url.pathname === '/embedded/frame')
        responses[url.searchParams.get('id') ?? ''] = response.status()
    })
    page.on('console', (message) => consoleLines.push(message.text()))
    const frameSrc = (id: string, site: string) =>
      `${world.walletOrigin}/embedded/frame?projectId=demo&site=${encodeURIComponent(site)}&id=${id}`
    await page.goto(
      other.serve(
        '/embeds',
        `<!doctype html><title>Other site</title><script>window.ready = []; addEventListener('message', (event) => window.ready.push(event.data))</script>
<iframe title="own" src="${frameSrc('own', other.origin)}"></iframe>
<iframe title="lying" src="${frameSrc('lying', world.sites[0])}"></iframe>
<iframe title="lying, no referrer" referrerpolicy="no-referrer" src="${frameSrc('hidden', world.sites[0])}"></iframe>`,
      ),
      { waitUntil: 'load' },
    )
    // The server: its own name is not on the list; a lie about the site shows in the Referer.
    expect(responses).toMatchObject({ own: 403, lying: 403 })
    // A lie it cannot see is served, and the browser refuses to frame it (frame-ancestors).
    expect(responses.hidden).toBe(200)
    const hidden = await (
      await page.locator('iframe[title="lying, no referrer"]').elementHandle()
    )?.contentFrame()
    expect(hidden?.url()).toBe('chrome-error://chromewebdata/')
    expect(consoleLines.some((line) => /frame-ancestors/.test(line))).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { ready: unknown[] }).ready)).toEqual([])

    // A site naming a project that does not list it: the kit gives up with §8's words.
    const kitPage = await browser.context.newPage()
    await kitPage.goto(world.pageUrl(world.sites[0], 'not-a-project'))
    await connectButton(kitPage).click()
    await dialog(kitPage).getByLabel('Email').fill(freshEmail())
    await dialog(kitPage).getByRole('button', { name: 'Continue with email' }).click()
    await dialog(kitPage)
      .getByText('Unable to load email login dependency')
      .waitFor({ timeout: 30_000 })
    await kitPage.close()
    await page.close()
  })
  test('behavior: the recovery page reads in the browser’s language: Arabic, right to left (axe-clean, dark and light)', async () => {
    const page = await browser.context.newPage()
    try {
      // The browser's own language setting, as Chromium's DevTools protocol sets it.
      const session = await page.context().newCDPSession(page)
      await session.send('Emulation.setUserAgentOverride', {
        userAgent: await page.evaluate(() => navigator.userAgent),
        acceptLanguage: 'ar',
      })
      await page.goto(`${world.walletOrigin}/embedded/recover`)
      await page.getByRole('heading', { name: 'استرداد محفظتك' }).waitFor()
      expect(
        await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
      ).toEqual(['ar', 'rtl'])
      await page.getByLabel('مفتاح الاسترداد').waitFor()
      await page.getByRole('button', { name: 'الاسترداد بمفتاح المرور الخاص بي' }).waitFor()
      for (const colorScheme of ['dark', 'light'] as const) {
        await page.emulateMedia({ colorScheme })
        expect(await axeViolationsInFrame(page.mainFrame())).toEqual([])
      }
    } finally {
      await page.close()
    }
  })

  test('behavior: recovery with the passkey and the recovery key while the server is down: the same wallet, whose phrase imports elsewhere and spends on anvil (the page axe-clean, dark and light)', async () => {
    // A visitor of its own, so this runs alone too (it takes the server down: it runs last).
    const { page } = await open(world.pageUrl(world.sites[1]))
    await disconnectIfConnected(page)
    const { address, recoveryText } = await emailLogin(page, freshEmail())
    await funder.sendTransaction({ to: address, value: parseEther('0.1') })
    await expect.poll(() => kitAddressIn(page, 'solana'), { timeout: 20_000 }).toBeTruthy()
    const solanaAddress = await kitAddressIn(page, 'solana')
    const recoveryKey = /gwr2-[\w.-]+/.exec(recoveryText)?.[0]
    if (!recoveryKey) throw new Error(`no recovery key in: ${recoveryText}`)
    const copy = await world.copyPages(['/embedded/recover'])
    await world.stopServer()
    expect(await world.apiAnswers()).toBe(false)
    // The page is static: a copy on any static host of the wallet origin serves it, no API behind.
    const host = await world.serveCopy(copy)
    try {
      await page.goto(`${world.walletOrigin}/embedded/recover`)
      for (const colorScheme of ['dark', 'light'] as const) {
        await page.emulateMedia({ colorScheme })
        expect(await axeViolationsInFrame(page.mainFrame())).toEqual([])
      }
      expect(await world.apiAnswers()).toBe(false)
      await page.getByLabel('Recovery key').fill(recoveryKey)
      const errors: string[] = []
      page.on('console', (message) => errors.push(message.text()))
      await page.getByRole('button', { name: 'Recover with my passkey' }).click()
      const status = page.locator('#gangway-recover-status')
      await status.filter({ hasText: /Recovered|not/ }).waitFor()
      expect([await status.textContent(), ...errors]).toEqual(['Recovered.'])
      const result = page.locator('#gangway-recover-result')
      expect(await axeViolationsInFrame(page.mainFrame())).toEqual([])
      const values = await result.locator('dd').allTextContents()
      expect(values[0]).toBe(address)
      const account = mnemonicToAccount(values[2] ?? '')
      expect(account.address).toBe(address)
      // The Solana account is the phrase's at m/44'/501'/0'/0' (SLIP-10), as other wallets derive it.
      expect(values[1]).toBe(solanaAddress)
      const solanaKey = Slip10Key.fromMasterSeed(mnemonicToSeedSync(values[2] ?? '')).derive(
        "m/44'/501'/0'/0'",
      )
      expect(Keypair.fromSeed(solanaKey.privateKey).publicKey.toBase58()).toBe(solanaAddress)
      const receiver = privateKeyToAccount(generatePrivateKey()).address
      const wallet = createWalletClient({ account, chain, transport: http(mainChain!.rpcUrl) })
      const hash = await wallet.sendTransaction({ to: receiver, value: parseEther('0.001') })
      expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
      expect(await publicClient.getBalance({ address: receiver })).toBe(parseEther('0.001'))
    } finally {
      await host.close()
    }
  }, 120_000)
})
