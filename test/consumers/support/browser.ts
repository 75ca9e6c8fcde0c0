/**
 * A visitor in Chromium on a consumer app: a browser profile with the test wallet "extension"
 * (`createTestWallet` from the kit's tarball, injected before the page's scripts as a wallet
 * extension injects itself) and, since the pages talk to Ethereum mainnet (and the Next sites to
 * Sepolia too), their nodes' JSON-RPC answered by local anvil nodes with those chain ids. Nothing
 * else leaves the machine: any other request is refused and recorded.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createSolanaTestWallet } from '@gangway/kit/testing/node'
import { Keypair } from '@solana/web3.js'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { ANVIL_KEYS } from '../../support/eip155.js'
import type { ConsumerSetup } from '../globalSetup.js'
import { pageWalletDir } from './apps.js'

/** The page test wallet's name, as the modal lists it. */
export const TEST_WALLET = 'Consumer Test Wallet'
/** The key the page wallet holds: anvil's first development account (10,000 ETH). */
export const VISITOR_KEY = ANVIL_KEYS[0]
/** The Solana page wallet's name. */
export const SOLANA_TEST_WALLET = 'Consumer Solana Wallet'

/** React's hydration complaints: dev warnings and the production errors #418, #423 and #425. */
export const HYDRATION_COMPLAINT =
  /hydrat|did not match|didn't match|server rendered|Minified React error #(418|423|425)/i

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])
/** The Next sites' Sepolia node (apps/next/app/providers.tsx); every other node is mainnet's. */
const SEPOLIA_RPC_HOST = 'sepolia.node.example'
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
}

/** A visitor's browser profile on one app. */
export interface Visitor {
  readonly context: BrowserContext
  readonly page: Page
  /** Console errors and warnings, and uncaught errors, in order. */
  readonly complaints: string[]
  /** Requests for other hosts that were not JSON-RPC and so were refused (`METHOD url`). */
  readonly refused: string[]
  /** Hosts whose JSON-RPC went to anvil. */
  readonly rpcHosts: Set<string>
}

/**
 * A fresh profile with the EVM test wallet installed and mainnet's and Sepolia's RPC on anvil.
 * @param browser - from `launchChromium()`.
 * @param setup - the suite's setup (anvil's URL, the backend folder with the wallet bundle).
 * @returns the visitor; close `context` when done.
 */
export async function newVisitor(browser: Browser, setup: ConsumerSetup): Promise<Visitor> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const refused: string[] = []
  const rpcHosts = new Set<string>()
  await context.route(
    (url) => url.protocol.startsWith('http') && !LOOPBACK.has(url.hostname),
    async (route) => {
      const request = route.request()
      if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS })
      const body = request.postData() ?? ''
      if (request.method() === 'POST' && body.includes('"jsonrpc"')) {
        const host = new URL(request.url()).hostname
        rpcHosts.add(host)
        const node = host === SEPOLIA_RPC_HOST ? setup.anvil.sepolia : setup.anvil.mainnet
        const answer = await fetch(node.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        return route.fulfill({
          status: answer.status,
          headers: { ...CORS, 'content-type': 'application/json' },
          body: await answer.text(),
        })
      }
      refused.push(`${request.method()} ${request.url()}`)
      return route.abort('internetdisconnected')
    },
  )
  await context.addInitScript({
    content: `window.__consumerTestWallet = ${JSON.stringify({
      name: TEST_WALLET,
      privateKeys: [VISITOR_KEY],
      chains: [
        { id: setup.anvil.mainnet.chainId, rpcUrl: setup.anvil.mainnet.url, name: 'Ethereum' },
        { id: setup.anvil.sepolia.chainId, rpcUrl: setup.anvil.sepolia.url, name: 'Sepolia' },
      ],
    })}`,
  })
  await context.addInitScript({
    content: readFileSync(join(pageWalletDir(setup.apps.backend.dir), 'page-wallet.js'), 'utf8'),
  })
  const page = await context.newPage()
  const complaints: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      complaints.push(`${message.type()}: ${message.text()}`)
    }
  })
  page.on('pageerror', (error) => complaints.push(`uncaught: ${error.stack ?? error.message}`))
  return { context, page, complaints, refused, rpcHosts }
}

/**
 * Installs the Solana test wallet in the visitor's profile: its keys stay in this process
 * (`createSolanaTestWallet`), the page half talks to it over an exposed function.
 * @param visitor - a fresh visitor, before the first navigation.
 * @param setup - the suite's setup (the Solana node and the holder's key).
 */
export async function installSolanaWallet(visitor: Visitor, setup: ConsumerSetup): Promise<void> {
  const { solanaTestWalletInitScript } = await import('@gangway/kit/testing')
  const wallet = createSolanaTestWallet({
    keypairs: [Keypair.fromSecretKey(Uint8Array.from(setup.solana.holderSecretKey))],
    rpcUrls: { 'solana:localnet': setup.solana.rpcUrl },
    name: SOLANA_TEST_WALLET,
  })
  await visitor.context.exposeFunction(wallet.pageOptions.bridge, (request: never) =>
    wallet.handle(request),
  )
  await visitor.context.addInitScript(solanaTestWalletInitScript(wallet.pageOptions))
}

/** The connect (or account) button. */
export const connectButton = (page: Page) => page.locator('[data-gangway="connect-button"]')
/** The modal. */
export const dialog = (page: Page) => page.getByRole('dialog')

/**
 * What a visitor does first: sees the button, opens the modal, picks the wallet, and sees the
 * account on the button.
 * @param page - the loaded page.
 * @param wallet - the wallet's name in the modal.
 * @param account - the account's text on the button once connected (its truncated address).
 */
export async function connectThroughModal(page: Page, wallet: string, account: string) {
  await expect.poll(() => connectButton(page).textContent()).toBe('Connect Wallet')
  await connectButton(page).click()
  await expect
    .poll(() => dialog(page).getByRole('heading', { level: 2 }).textContent())
    .toBe('Connect a wallet')
  await dialog(page).getByRole('button', { name: wallet }).click()
  await expect.poll(() => connectButton(page).textContent()).toContain(account)
}
